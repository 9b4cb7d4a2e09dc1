import { Refine } from '@refinedev/core';
import { Analytics } from './components/Analytics';
import { DocumentTitle } from './components/DocumentTitle';
import { UnauthorizedRedirect } from './components/UnauthorizedRedirect';
import { accessControlProvider } from './providers/accessControlProvider';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { useNotificationProvider } from './providers/notificationProvider';
import { routerProvider } from './providers/routerProvider';
import { refineResources } from './resources';
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

export default SignedInApp;
