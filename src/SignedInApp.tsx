import { Refine } from '@refinedev/core';
import { Analytics } from './components/Analytics';
import { DocumentTitle } from './components/DocumentTitle';
import { OneUsersCache } from './providers/OneUsersCache';
import { UnauthorizedRedirect } from './components/UnauthorizedRedirect';
import { accessControlProvider, isAllowed, permissionFor } from './providers/accessControlProvider';
import { HOME_ROUTE, authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { useNotificationProvider } from './providers/notificationProvider';
import { routerProvider } from './providers/routerProvider';
import { RESOURCES, refineResources } from './resources';
import { listCallAt } from './resources/listCallAt';
import { readSession } from './providers/session';
import { AppRoutes } from './routes';
import { REFINE_OPTIONS } from './shell';
import { liveProvider } from './providers/liveProvider';

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
    liveProvider={liveProvider}
    accessControlProvider={accessControlProvider}
    notificationProvider={useNotificationProvider}
    i18nProvider={i18nProvider}
    routerProvider={routerProvider}
    resources={resources}
    options={REFINE_OPTIONS}
  >
    <OneUsersCache />
    <UnauthorizedRedirect />
    <Analytics />
    <DocumentTitle />
    <AppRoutes />
  </Refine>
);

export { preloadHome } from './routes';
export { followLoginTo } from './providers/loginReads';

/**
 * Asks for the page of a list that its table will ask for at `url` (a pathname and its query), so
 * the answer is on its way while the list's code downloads and runs; the data provider hands it to
 * the table (listCallAt says what it will ask for; a call that differs in any way is simply not taken).
 * Only a list the user may see: a refused call would be a needless error. Returns whether it asked.
 */
export const prefetchListAt = (pathname: string, search = ''): boolean => {
  const def = RESOURCES.find((r) => r.route === pathname);
  if (!def || !isAllowed(readSession(), permissionFor(def.name, 'list'))) return false;
  dataProvider.prefetchList(listCallAt(def, search));
  // The columns the user hides (useHiddenColumns): asked for after the rows, they came a round trip
  // later and the table drew itself twice, all its columns and then the user's.
  if (isAllowed(readSession(), 'view.own')) dataProvider.prefetchCall('view.columnsList');
  return true;
};

/**
 * The first page of the list a login lands on, as its table will ask for it: only when the login
 * goes to a list (`?to=/listagem`); the home page, the dashboard (issue 18), is no list.
 */
export const prefetchHomeList = (target: string = HOME_ROUTE): void => {
  const at = target.indexOf('?');
  prefetchListAt(at < 0 ? target : target.slice(0, at), at < 0 ? '' : target.slice(at));
};

export default SignedInApp;
