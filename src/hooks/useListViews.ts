/**
 * The user's saved views and the columns its lists hide (issue 18), through the view calls of the API
 * table. Every answer lives under one Refine record key (`listViews`/`mine`): any write refetches the
 * views and the columns together.
 */
import type { HttpError } from '@refinedev/core';
import type { ListColumns, ListView } from '../domain';
import { useApiList, useApiWrite } from './useApi';
import { useCanDo } from './useSession';

const KEY = { resource: 'listViews', id: 'mine' } as const;
/** Every view a user may keep fits one page (VIEW_LIMITS.viewsPerUser). */
const ALL = { limit: 100 } as const;

/** The user's views, of one list or of every list it may open; loaded only when `enabled`. */
export const useSavedViews = (list?: string, enabled = true) => {
  const mayKeep = useCanDo('view.own');
  const { list: views, isLoading, isError, refetch } = useApiList<ListView>('view.list', list ? { ...ALL, list } : ALL, { ...KEY, enabled: enabled && mayKeep });
  return { views, isLoading: isLoading && enabled && mayKeep, isError, refetch, mayKeep };
};

/** One empty answer for every render: a new `[]` each time made the list work its columns out again. */
const NONE_HIDDEN: readonly string[] = Object.freeze([]);

/** The columns a list hides for the user outside any view ([] until known, or when it hides none). */
export const useHiddenColumns = (list: string): readonly string[] => {
  const mayKeep = useCanDo('view.own');
  // One call for every list, kept for the session: a list opened later shows its columns at once.
  const { list: all } = useApiList<ListColumns>('view.columnsList', undefined, { ...KEY, enabled: mayKeep, staleTime: Infinity });
  return all.find((c) => c.list === list)?.hiddenColumns ?? NONE_HIDDEN;
};

/** Saves the columns a list hides; errors are toasted (the chooser keeps what the user chose). */
export const useSaveHiddenColumns = () => useApiWrite<ListColumns>({ endpoint: 'view.columnsSave', ...KEY });

/** The view writes; their errors are the dialog's to show on its fields, so they are not toasted here. */
export const useViewWrites = () => {
  const silentErrors = (e: HttpError) => e.statusCode === 400;
  const create = useApiWrite<ListView>({ endpoint: 'view.create', ...KEY, silentErrors, success: 'views.saved' });
  const update = useApiWrite<ListView>({ endpoint: 'view.update', ...KEY, silentErrors, success: 'views.updated' });
  const remove = useApiWrite<{ viewId: string }>({ endpoint: 'view.delete', ...KEY, success: 'views.deleted' });
  return { create, update, remove };
};
