import { Authenticated } from '@refinedev/core';
import { Suspense, lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageLoading } from './components/PageLoading';
import { preloadable } from './components/preloadable';
import { ACCOUNT_ROUTES } from './domain/account';
import { FirstAccessGuard } from './pages/account/FirstAccessGuard';
import { InAppNavigationBridge } from './pages/account/InAppNavigationBridge';
import { HOME_ROUTE, LOGIN_ROUTE } from './providers/authProvider';
import { WORKSPACE_ROUTE } from './pages/workspace/paths';
import { AUCTION_ROUTE } from './pages/auctions/paths';
import { RESOURCES, crudRoutes, type ResourceDef } from './resources';

// One chunk per page, so the login page never downloads the table code (DESIGN §5).
const LoginPage = lazy(() => import('./pages/login/LoginPage'));
// Where a login lands: preloadable, so they render at once once the login shell has loaded them.
const AppLayout = preloadable(() => import('./components/layout/AppLayout'));
const ListPage = preloadable(() => import('./pages/list/ListPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
// The share workspace is its own chunk: a list never downloads it.
const WorkspacePage = lazy(() => import('./pages/workspace/WorkspacePage'));
// The auction wizard too: its own chunk, loaded from /leiloes/:auctionId only.
const AuctionPage = lazy(() => import('./pages/auctions/AuctionPage'));
// Account screens (public but first access), each its own chunk: the login page links to them only.
const FirstAccessPage = lazy(() => import('./pages/account/FirstAccessPage'));
const ExpiredPasswordPage = lazy(() => import('./pages/account/ExpiredPasswordPage'));
const ForgotPasswordPage = lazy(() => import('./pages/account/ForgotPasswordPage'));
// Record pages generated from the definitions (issue 11): their own chunks, never a list's.
const CrudFormPage = lazy(() => import('./pages/management/CrudFormPage'));
const ShowPage = lazy(() => import('./pages/management/ShowPage'));

/** Loads the layout and the list page, for the login shell to start while the password is checked. */
export const preloadHome = () => Promise.all([AppLayout.preload(), ListPage.preload()]);

export const AppRoutes = ({ resources = RESOURCES }: { resources?: readonly ResourceDef[] }) => (
  <Suspense fallback={<PageLoading />}>
    <InAppNavigationBridge />
    <Routes>
      <Route
        path={LOGIN_ROUTE}
        element={
          <Authenticated key="login" fallback={<LoginPage />} loading={<PageLoading />}>
            <Navigate to={HOME_ROUTE} replace />
          </Authenticated>
        }
      />
      <Route
        element={
          <Authenticated key="app" redirectOnFail={LOGIN_ROUTE} loading={<PageLoading />}>
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
        <Route path={WORKSPACE_ROUTE} element={<WorkspacePage />} />
        <Route path={AUCTION_ROUTE} element={<AuctionPage />} />
      </Route>
      <Route
        path={ACCOUNT_ROUTES.firstAccess}
        element={
          <Authenticated key="first-access" redirectOnFail={LOGIN_ROUTE} loading={<PageLoading />}>
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
