import { Authenticated } from '@refinedev/core';
import { Suspense, lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageLoading } from './components/PageLoading';
import { HOME_ROUTE, LOGIN_ROUTE } from './providers/authProvider';
import { WORKSPACE_ROUTE } from './pages/workspace/paths';
import { RESOURCES, type ResourceDef } from './resources';

// One chunk per page, so the login page never downloads the table code (DESIGN §5).
const LoginPage = lazy(() => import('./pages/login/LoginPage'));
const AppLayout = lazy(() => import('./components/layout/AppLayout'));
const ListPage = lazy(() => import('./pages/list/ListPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
// The share workspace is its own chunk: a list never downloads it.
const WorkspacePage = lazy(() => import('./pages/workspace/WorkspacePage'));

export const AppRoutes = ({ resources = RESOURCES }: { resources?: readonly ResourceDef[] }) => (
  <Suspense fallback={<PageLoading />}>
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
            <AppLayout />
          </Authenticated>
        }
      >
        {resources.map((def) => (
          // The key remounts the page per resource, so one list's table state never leaks into another.
          <Route key={def.name} path={def.route} element={<ListPage key={def.name} def={def} />} />
        ))}
        <Route path={WORKSPACE_ROUTE} element={<WorkspacePage />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  </Suspense>
);
