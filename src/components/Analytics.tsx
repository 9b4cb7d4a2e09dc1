import type { AnalyticsLoader } from '../providers/analytics';
import { AnalyticsTracker } from './AnalyticsTracker';

/** The library in its own chunk, fetched once the tracker mounts, and only by a build with a token. */
const loadMixpanel: AnalyticsLoader = async (config) => (await import('../providers/analyticsClient')).createMixpanelClient(config);

/**
 * Where the app mounts analytics (inside the router and <Refine>). The build-time variable is tested
 * right here, literally: without a token the minifier folds the test to false and the tracker, the
 * library's dynamic import and all they import leave the bundle.
 */
export const Analytics = () => (import.meta.env.VITE_ANALYTICS_TOKEN ? <AnalyticsTracker load={loadMixpanel} /> : null);
