import { Refine } from '@refinedev/core';
import { Analytics } from './components/Analytics';
import { DocumentTitle } from './components/DocumentTitle';
import { UnauthorizedRedirect } from './components/UnauthorizedRedirect';
import { PAGINATION } from './domain';
import { accessControlProvider, isAllowed, permissionFor } from './providers/accessControlProvider';
import { HOME_ROUTE, authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { useNotificationProvider } from './providers/notificationProvider';
import { routerProvider } from './providers/routerProvider';
import { RESOURCES, refineResources } from './resources';
import { readSession } from './providers/session';
import { AppRoutes } from './routes';
import { REFINE_OPTIONS } from './shell';

const resources = refineResources();

/**
 * The app behind the login: Refine with its providers and every route. Its own chunk, loaded by the
 * login shell (App.tsx) once a session exists or another page than the login is asked for; it
 * renders inside the shell's brand, theme, toasts and router.
 */
export const SignedInApp = () => (
  <Refine
    dataProvider={dataProvider}
    authProvider={authProvider}
    accessControlProvider={accessControlProvider}
    notificationProvider={useNotificationProvider}
    i18nProvider={i18nProvider}
    routerProvider={routerProvider}
    resources={resources}
    options={REFINE_OPTIONS}
  >
    <UnauthorizedRedirect />
    <Analytics />
    <DocumentTitle />
    <AppRoutes />
  </Refine>
);

export { preloadHome } from './routes';

/**
 * Asks for the first page of the list a login lands on, as its table will with a bare URL, so the
 * answer is on its way while the list's code runs (the data provider hands it to the table's call).
 * Only a list the user may see: a refused call would be a needless error.
 */
export const prefetchHomeList = (): void => {
  const def = RESOURCES.find((r) => r.route === HOME_ROUTE);
  if (!def || !isAllowed(readSession(), permissionFor(def.name, 'list'))) return;
  dataProvider.prefetchList({
    resource: def.name,
    pagination: { currentPage: 1, pageSize: PAGINATION.defaultLimit },
    filters: def.permanentFilters ?? [],
    sorters: def.defaultSorters ?? [],
  });
};

export default SignedInApp;
