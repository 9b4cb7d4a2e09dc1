import { Authenticated } from '@refinedev/core';
import { Suspense, lazy } from 'react';
import { Navigate, Route, Routes, matchPath } from 'react-router';
import { PageLoading } from './components/PageLoading';
import { preloadable } from './components/preloadable';
import { ACCOUNT_ROUTES } from './domain/account';
import { FirstAccessGuard } from './pages/account/FirstAccessGuard';
import { InAppNavigationBridge } from './pages/account/InAppNavigationBridge';
import { HOME_ROUTE, LOGIN_ROUTE } from './providers/authProvider';
import { WORKSPACE_ROUTE } from './domain/workspacePaths';
import { AUCTION_ROUTE } from './domain/auctionPaths';
import { RESOURCES, crudRoutes, type ResourceDef } from './resources';

// One chunk per page, so the login page never downloads the table code (DESIGN §5).
const LoginPage = lazy(() => import('./pages/login/LoginPage'));
// Where a login lands: preloadable, so they render at once once the login shell has loaded them.
const AppLayout = preloadable(() => import('./components/layout/AppLayout'));
const ListPage = preloadable(() => import('./pages/list/ListPage'));
// The home page (issue 18): its figures' code; the charts are a further chunk of their own.
const DashboardPage = preloadable(() => import('./pages/dashboard/DashboardPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
// The share workspace is its own chunk: a list never downloads it.
const WorkspacePage = preloadable(() => import('./pages/workspace/WorkspacePage'));
// The auction wizard too: its own chunk, loaded from /leiloes/:auctionId only.
const AuctionPage = preloadable(() => import('./pages/auctions/AuctionPage'));
// Account screens (public but first access), each its own chunk: the login page links to them only.
const FirstAccessPage = lazy(() => import('./pages/account/FirstAccessPage'));
const ExpiredPasswordPage = lazy(() => import('./pages/account/ExpiredPasswordPage'));
const ForgotPasswordPage = lazy(() => import('./pages/account/ForgotPasswordPage'));
// Record pages generated from the definitions (issue 11): their own chunks, never a list's.
const CrudFormPage = preloadable(() => import('./pages/management/CrudFormPage'));
const ShowPage = preloadable(() => import('./pages/management/ShowPage'));

/** The page of the layout's routes that `pathname` opens, by the same patterns as the routes below. */
const pageAt = (pathname: string, resources: readonly ResourceDef[] = RESOURCES): { preload: () => Promise<unknown> } | undefined => {
  if (pathname === HOME_ROUTE) return DashboardPage;
  if (resources.some((r) => r.route === pathname)) return ListPage;
  if (matchPath(WORKSPACE_ROUTE, pathname)) return WorkspacePage;
  if (matchPath(AUCTION_ROUTE, pathname)) return AuctionPage;
  for (const def of resources.filter((r) => r.crud)) {
    const paths = crudRoutes(def.route);
    if (matchPath(paths.create, pathname) || matchPath(paths.edit, pathname)) return CrudFormPage;
    if (matchPath(paths.show, pathname)) return ShowPage;
  }
  return undefined;
};

/**
 * Loads the layout and the page an address opens (a login's target, or the page reloaded while
 * signed in), so that the first render finds their code in and nothing suspends: React holds a page
 * back 300 ms after a Suspense fallback showed (App.tsx). Another address loads the layout only.
 */
export const preloadHome = (target: string = HOME_ROUTE) => Promise.all([AppLayout.preload(), pageAt(target.split('?')[0])?.preload()]);

export const AppRoutes = ({ resources = RESOURCES }: { resources?: readonly ResourceDef[] }) => (
  <Suspense fallback={<PageLoading waitingFor="code" />}>
    <InAppNavigationBridge />
    <Routes>
      <Route
        path={LOGIN_ROUTE}
        element={
          <Authenticated key="login" fallback={<LoginPage />} loading={<PageLoading waitingFor="session" />}>
            <Navigate to={HOME_ROUTE} replace />
          </Authenticated>
        }
      />
      <Route
        element={
          <Authenticated key="app" redirectOnFail={LOGIN_ROUTE} loading={<PageLoading waitingFor="session" />}>
            <FirstAccessGuard>
              <AppLayout />
            </FirstAccessGuard>
          </Authenticated>
        }
      >
        {resources.map((def) => (
          // The key remounts the page per resource, so one list's table state never leaks into another.
          <Route key={def.name} path={def.route} element={<ListPage key={def.name} def={def} />} />
        ))}
        {resources
          .filter((def) => def.crud)
          .flatMap((def) => {
            const paths = crudRoutes(def.route);
            // Keys per action: going from the edit page to the record page mounts a fresh page.
            return [
              <Route key={`${def.name}:create`} path={paths.create} element={<CrudFormPage key={`${def.name}:create`} def={def} action="create" />} />,
              <Route key={`${def.name}:edit`} path={paths.edit} element={<CrudFormPage key={`${def.name}:edit`} def={def} action="edit" />} />,
              <Route key={`${def.name}:show`} path={paths.show} element={<ShowPage key={`${def.name}:show`} def={def} />} />,
            ];
          })}
        <Route path={HOME_ROUTE} element={<DashboardPage />} />
        <Route path={WORKSPACE_ROUTE} element={<WorkspacePage />} />
        <Route path={AUCTION_ROUTE} element={<AuctionPage />} />
      </Route>
      <Route
        path={ACCOUNT_ROUTES.firstAccess}
        element={
          <Authenticated key="first-access" redirectOnFail={LOGIN_ROUTE} loading={<PageLoading waitingFor="session" />}>
            <FirstAccessPage />
          </Authenticated>
        }
      />
      <Route path={ACCOUNT_ROUTES.changeExpired} element={<ExpiredPasswordPage />} />
      <Route path={ACCOUNT_ROUTES.forgot} element={<ForgotPasswordPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  </Suspense>
);
