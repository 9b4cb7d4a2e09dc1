/** The routes of a resource's generated record pages (issue 11), from its list route. */
export const CREATE_SEGMENT = 'novo';
export const EDIT_SEGMENT = 'editar';

export const crudRoutes = (route: string) => ({
  create: `${route}/${CREATE_SEGMENT}`,
  edit: `${route}/:id/${EDIT_SEGMENT}`,
  show: `${route}/:id`,
});

export const recordPath = (route: string, id: string | number): string => `${route}/${encodeURIComponent(String(id))}`;
export const editPath = (route: string, id: string | number): string => `${recordPath(route, id)}/${EDIT_SEGMENT}`;
