import { App as AntdApp, ConfigProvider } from 'antd';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { BrowserRouter, useLocation, useNavigate } from 'react-router';
import { PageLoading } from './components/PageLoading';
import { preloadable } from './components/preloadable';
import { InAppNavigationBridge } from './pages/account/InAppNavigationBridge';
import { LoginForm } from './pages/login/LoginForm';
import type { LoginParams } from './providers/authProvider';
import { HOME_ROUTE, LOGIN_ROUTE } from './providers/authRoutes';
import { BrandContext, useBrandLoader } from './providers/BrandContext';
import { t } from './providers/i18nProvider';
import { createNotificationProvider } from './providers/notificationProvider';
import { dropStaleToken, readSession } from './providers/session';
import { fetchBrandClient, setPageTitle } from './providers/whiteLabel';
import { APP_LOCALE, MODAL_CONFIG, NOTIFICATION_CONFIG, brandTheme } from './shell';

/**
 * The login shell (DESIGN §5): brand, theme, toasts and router, and the login page when no session
 * exists. Refine, react-query, axios and every other page arrive with SignedInApp, loaded once a
 * session exists or another page is asked for; from then on the app stays mounted, and its own
 * routes (its login page included, after a logout) take over.
 */
const SignedInApp = preloadable(() => import('./SignedInApp'));

const brandClient = fetchBrandClient();

// A token left from an earlier visit that no longer makes a session goes before the first render,
// whichever page was asked for; the login page then says why it is shown (issue 13).
dropStaleToken();

/**
 * What the first list needs after a login, fetched while the credentials are being checked: without
 * it, the signed-in app, the layout and the list page load one after another once the login answers.
 * The three are asked for at once (not the layout once the signed-in app is in); resolves with the
 * signed-in app's module once all three render without suspending. Never rejects: a chunk that
 * failed shows when its page renders.
 */
const prefetchFirstList = () =>
  Promise.all([SignedInApp.preload(), import('./SignedInApp'), import('./components/layout/AppLayout'), import('./pages/list/ListPage')])
    .then(([, app]) => app.preloadHome().then(() => app))
    .catch(() => undefined);

/**
 * The login call's own code (the auth provider and axios, ~22 KB gzip), asked for as the form shows.
 * Asked for on submit, the call waited behind the first list's downloads and their evaluation (~130
 * ms); the promise is kept so that a submit runs the call in the same task. A failed download is
 * asked for again on the next submit.
 */
let authModule: Promise<typeof import('./providers/authProvider')> | undefined;
const loadAuth = () =>
  (authModule ??= import('./providers/authProvider').catch((e: unknown) => {
    authModule = undefined;
    throw e;
  }));

/** Refine's useLogin, minus Refine: the same provider call, redirect and toasts (key `login-error`). */
const ShellLogin = () => {
  const navigate = useNavigate();
  const { notification } = AntdApp.useApp();
  const [pending, setPending] = useState(false);
  useEffect(() => setPageTitle(t('pageTitle.login')), []);
  useEffect(() => {
    loadAuth().catch(() => undefined);
  }, []);

  const login = (params: LoginParams) => {
    setPending(true);
    const toasts = createNotificationProvider(notification);
    const fail = (error?: { name?: string; message?: string }) => {
      toasts.open({ type: 'error', key: 'login-error', message: error?.name || 'Login Error', description: error?.message || 'Invalid credentials' });
      setPending(false);
    };
    const answer = loadAuth().then(({ authProvider }) => authProvider.login(params));
    const firstList = prefetchFirstList();
    answer
      .then((result) => {
        if (!result.success) return fail(result.error);
        toasts.close?.('login-error');
        // A page that sent the user here (`?to=`) comes first, as in Refine's useLogin.
        const to = new URLSearchParams(window.location.search).get('to');
        // The form keeps its spinner until the code is in: the pages then render at once, where
        // navigating earlier would show the loading fallback and React would hold the page back
        // for 300 ms after it.
        const target = to || result.redirectTo || HOME_ROUTE;
        return firstList.then((app) => {
          if (target === HOME_ROUTE) app?.prefetchHomeList();
          return navigate(target, { replace: true });
        });
      }, fail);
  };

  return <LoginForm login={login} pending={pending} />;
};

const ShellRoutes = () => {
  const { pathname } = useLocation();
  const [appMounted, setAppMounted] = useState(false);
  const showLogin = !appMounted && pathname === LOGIN_ROUTE && !readSession();
  // Once mounted, the signed-in app keeps the screen (React's "adjust state while rendering" pattern).
  if (!showLogin && !appMounted) setAppMounted(true);
  return (
    <>
      <InAppNavigationBridge />
      {showLogin ? (
        <ShellLogin />
      ) : (
        <Suspense fallback={<PageLoading />}>
          <SignedInApp />
        </Suspense>
      )}
    </>
  );
};

export const App = () => {
  const brand = useBrandLoader(brandClient);
  const theme = useMemo(() => brandTheme(brand), [brand]);
  return (
    <BrandContext.Provider value={brand}>
      <ConfigProvider locale={APP_LOCALE} theme={theme} modal={MODAL_CONFIG}>
        <AntdApp notification={NOTIFICATION_CONFIG}>
          <BrowserRouter>
            <ShellRoutes />
          </BrowserRouter>
        </AntdApp>
      </ConfigProvider>
    </BrandContext.Provider>
  );
};

export default App;
