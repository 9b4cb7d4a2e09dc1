import { useGetIdentity } from '@refinedev/core';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { ANALYTICS_EVENTS, pageViewOf, type PageRoute } from '../domain';
import { AUCTION_ROUTE } from '../domain/auctionPaths';
import { WORKSPACE_ROUTE } from '../domain/workspacePaths';
import { ACCOUNT_ROUTES } from '../domain/account';
import { ADMINISTRATOR_GROUP_KEY, analytics as appAnalytics, type Analytics, type AnalyticsLoader } from '../providers/analytics';
import type { Identity } from '../providers/authProvider';
import { HOME_ROUTE, LOGIN_ROUTE } from '../providers/authProvider';
import { useBrand } from '../providers/BrandContext';
import { RESOURCES, crudRoutes } from '../resources';

/**
 * The app's pages by route pattern, so a page view names the page and never a raw id: the lists, and
 * the record pages of the resources that have them (`users.create`, `users.show`, `users.edit`), a
 * share, an auction and the account screens. The accessibility scan (tests/e2e/accessibility) visits
 * every pattern here, so a new page belongs in this table.
 */
export const PAGE_ROUTES: readonly PageRoute[] = [
  { pattern: LOGIN_ROUTE, page: 'login' },
  { pattern: HOME_ROUTE, page: 'dashboard' },
  ...RESOURCES.map((r) => ({ pattern: r.route, page: r.name })),
  ...RESOURCES.filter((r) => r.crud).flatMap((r) => {
    const paths = crudRoutes(r.route);
    return (['create', 'show', 'edit'] as const).map((action) => ({ pattern: paths[action], page: `${r.name}.${action}` }));
  }),
  { pattern: WORKSPACE_ROUTE, page: 'share_workspace' },
  { pattern: AUCTION_ROUTE, page: 'auction' },
  { pattern: ACCOUNT_ROUTES.firstAccess, page: 'first_access' },
  { pattern: ACCOUNT_ROUTES.changeExpired, page: 'expired_password' },
  { pattern: ACCOUNT_ROUTES.forgot, page: 'forgot_password' },
];

interface Props {
  /** How the analytics library arrives (a dynamic import in the app). */
  load: AnalyticsLoader;
  analytics?: Analytics;
  routes?: readonly PageRoute[];
}

/**
 * Feeds analytics from where the app already knows things: the signed-in identity becomes the
 * people profile (and its disappearance a logout), the brand's administrator the group, and every
 * route change a page view. Renders nothing; rendered once, inside the router and <Refine>.
 */
export const AnalyticsTracker = ({ load, analytics = appAnalytics, routes = PAGE_ROUTES }: Props) =>
  analytics.enabled ? <Tracker load={load} analytics={analytics} routes={routes} /> : null;

const Tracker = ({ load, analytics, routes }: Required<Props>) => {
  const { pathname } = useLocation();
  const { data: identity, isLoading } = useGetIdentity<Identity>();
  const brand = useBrand();
  const userId = identity?.id ?? null;
  const admId = brand.config?.admId;
  const signedIn = useRef<string | null>(null);

  useEffect(() => analytics.start(load), [analytics, load]);

  // Declared before the page view, so a page seen right after sign-in is already the user's.
  useEffect(() => {
    if (isLoading) return;
    if (userId && identity && signedIn.current !== userId) {
      analytics.identify({ id: userId, name: identity.name, email: identity.email, profile: identity.profile });
    } else if (!userId && signedIn.current) {
      analytics.track(ANALYTICS_EVENTS.logout);
      // A new anonymous id: what happens next on this browser is not the previous user's.
      analytics.reset();
    }
    signedIn.current = userId;
    // Only the id decides who the user is; a refetched identity object with the same id is no change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [analytics, userId, isLoading]);

  useEffect(() => {
    if (userId && admId !== undefined && admId !== null) {
      analytics.setGroup({ key: ADMINISTRATOR_GROUP_KEY, id: String(admId), name: brand.name });
    }
  }, [analytics, userId, admId, brand.name]);

  const viewed = useRef<string | null>(null);
  useEffect(() => {
    // Waiting for the identity keeps a reload's first page view with the user it belongs to; the ref
    // keeps an identity reload (after login or logout) from counting the same page twice.
    if (isLoading || viewed.current === pathname) return;
    viewed.current = pathname;
    analytics.track(ANALYTICS_EVENTS.pageView, { ...pageViewOf(pathname, routes) });
  }, [analytics, pathname, routes, isLoading]);

  return null;
};

export default AnalyticsTracker;
