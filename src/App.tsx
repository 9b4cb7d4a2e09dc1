import { App as AntdApp, ConfigProvider } from 'antd';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { BrowserRouter, useLocation, useNavigate } from 'react-router';
import { REDUCED_MOTION_QUERY, useMediaQuery } from './hooks/useMediaQuery';
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

/** The signed-in app's module once in: a submit then has the login carry the first page's reads. */
let signedInApp: typeof import('./SignedInApp') | undefined;

/**
 * What the first list needs after a login, fetched while the credentials are being checked: without
 * it, the signed-in app, the layout and the list page load one after another once the login answers.
 * The three are asked for at once (not the layout once the signed-in app is in); resolves with the
 * signed-in app's module once all three render without suspending. Never rejects: a chunk that
 * failed shows when its page renders.
 */
const loadFirstList = (target: string) =>
  Promise.all([
    SignedInApp.preload(),
    import('./SignedInApp').then((app) => (signedInApp = app)),
    import('./components/layout/AppLayout'),
    target === HOME_ROUTE ? import('./pages/dashboard/DashboardPage') : import('./pages/list/ListPage'),
  ])
    .then(([, app]) => app.preloadHome(target).then(() => app))
    .catch(() => undefined);

/**
 * Asked for on the form's first input (issue 17): a person takes seconds to type an e-mail and a
 * password, time enough to bring the first page's code (~160 KB on the wire) on a 3G line, where
 * asked for on the click it arrived after the login's answer and held the list's call back
 * (bench/results/browser.md). Not before the first input: the login page itself stays as light as
 * DESIGN §5 budgets it, and nobody downloads the app who does not sign in. Asked for again on the
 * click when the destination changed or a download failed.
 */
let firstList: { target: string; load: Promise<Awaited<ReturnType<typeof loadFirstList>>> } | undefined;
const prefetchFirstList = (target: string) => {
  if (firstList?.target !== target) firstList = { target, load: loadFirstList(target) };
  const { load } = firstList;
  void load.then((app) => {
    if (!app && firstList?.load === load) firstList = undefined;
  });
  return load;
};

/**
 * A reload or a link opened while signed in (issue 17): the signed-in app and the layout are asked
 * for as soon as this module runs, with a list's first call, instead of one after another as each
 * renders (entry → signed-in app → layout → page → rows); then the page the address opens (a list,
 * the dashboard, a share, an auction, a record page), whose pattern the signed-in app knows.
 */
const prefetchSignedIn = (pathname: string, search: string) =>
  Promise.all([SignedInApp.preload(), import('./SignedInApp'), import('./components/layout/AppLayout')])
    .then(([, app]) => {
      // A list's first call leaves now; preloadHome loads the page the address opens (dashboard,
      // list, share, auction, record page), or the layout only for any other.
      app.prefetchListAt(pathname, search);
      return app.preloadHome(pathname);
    })
    .catch(() => undefined);

/**
 * What the first render waits for (main.tsx). A reload while signed in renders once the signed-in
 * app, the layout and the page are in (from the browser's cache, tens of milliseconds): rendered
 * before, the app suspended, its fallback showed, and React held the page back until 300 ms after
 * that fallback (its Suspense reveal throttle), with the list's rows already there (issue 17). Until
 * then index.html shows the same "Carregando…" the fallback would. Never rejects: a chunk that
 * failed to load shows when its page renders.
 */
export const beforeFirstRender: Promise<unknown> =
  readSession() && window.location.pathname !== LOGIN_ROUTE ? prefetchSignedIn(window.location.pathname, window.location.search) : Promise.resolve();

/**
 * The login call's own code (the auth provider and axios, ~22 KB gzip), asked for as the form shows.
 * Asked for on submit, the call waited behind the first list's downloads and their evaluation (~130
 * ms); the promise is kept so that a submit runs the call in the same task. A failed download is
 * asked for again on the next submit.
 */
let authModule: Promise<typeof import('./providers/authProvider')> | undefined;
/** The module once in: a submit then sends the login call before React renders the pending form. */
let authLoaded: typeof import('./providers/authProvider') | undefined;
const loadAuth = () =>
  (authModule ??= import('./providers/authProvider').then(
    (m) => (authLoaded = m),
    (e: unknown) => {
      authModule = undefined;
      throw e;
    },
  ));

/** Refine's useLogin, minus Refine: the same provider call, redirect and toasts (key `login-error`). */
const ShellLogin = () => {
  const navigate = useNavigate();
  const { notification } = AntdApp.useApp();
  const [pending, setPending] = useState(false);
  useEffect(() => setPageTitle(t('pageTitle.login')), []);
  useEffect(() => {
    loadAuth().catch(() => undefined);
  }, []);

  // A page that sent the user here (`?to=`) comes first, as in Refine's useLogin.
  const destination = () => new URLSearchParams(window.location.search).get('to') || HOME_ROUTE;

  const login = (form: LoginParams) => {
    // The first page's reads ride on the login (issue 17) when its code came while the user typed.
    const params: LoginParams = { ...form, follow: signedInApp?.followLoginTo(destination()) };
    // The call leaves first, in this task (the request interceptor is synchronous); the pending
    // form renders while the server checks the password.
    const answer = authLoaded ? authLoaded.authProvider.login(params) : loadAuth().then(({ authProvider }) => authProvider.login(params));
    setPending(true);
    const toasts = createNotificationProvider(notification);
    const fail = (error?: { name?: string; message?: string }) => {
      toasts.open({ type: 'error', key: 'login-error', message: error?.name || 'Login Error', description: error?.message || 'Invalid credentials' });
      setPending(false);
    };
    const to = new URLSearchParams(window.location.search).get('to');
    const code = prefetchFirstList(destination());
    answer
      .then((result) => {
        if (!result.success) return fail(result.error);
        toasts.close?.('login-error');
        // The form keeps its spinner until the code is in: the pages then render at once, where
        // navigating earlier would show the loading fallback and React would hold the page back
        // for 300 ms after it.
        const target = to || result.redirectTo || HOME_ROUTE;
        return code.then((app) => {
          app?.prefetchHomeList(target);
          return navigate(target, { replace: true });
        });
      }, fail);
  };

  return <LoginForm login={login} pending={pending} onInput={() => void prefetchFirstList(destination())} />;
};

/**
 * The signed-in app as one element, the same object on every render of ShellRoutes: ShellRoutes
 * reads the address, so it renders again on each change of it (a list writes its filters, sort and
 * page there), and a new <SignedInApp /> would make <Refine> render again and hand every one of its
 * contexts a new value — the menu, the layout and the whole table rendered again on each filter
 * change (issue 17). Refine's own parts that follow the address read it themselves.
 */
const SIGNED_IN_APP = (
  <Suspense fallback={<PageLoading waitingFor="code" />}>
    <SignedInApp />
  </Suspense>
);

const ShellRoutes = () => {
  const { pathname } = useLocation();
  const [appMounted, setAppMounted] = useState(false);
  const showLogin = !appMounted && pathname === LOGIN_ROUTE && !readSession();
  // Once mounted, the signed-in app keeps the screen (React's "adjust state while rendering" pattern).
  if (!showLogin && !appMounted) setAppMounted(true);
  return (
    <>
      <InAppNavigationBridge />
      {showLogin ? <ShellLogin /> : SIGNED_IN_APP}
    </>
  );
};

const NO_WAVE = { disabled: true } as const;

export const App = () => {
  const brand = useBrandLoader(brandClient);
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const theme = useMemo(() => brandTheme(brand, { motion: !reducedMotion }), [brand, reducedMotion]);
  return (
    <BrandContext.Provider value={brand}>
      <ConfigProvider locale={APP_LOCALE} theme={theme} modal={MODAL_CONFIG} wave={reducedMotion ? NO_WAVE : undefined}>
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
