/**
 * The Mixpanel side of analytics, loaded only when a token is configured (see analytics.ts): the
 * core loader, which leaves out session recording and the other modules it would fetch from a CDN.
 */
import mixpanel from 'mixpanel-browser/src/loaders/loader-module-core';
import { ANALYTICS_BATCH } from '../domain';
import type { AnalyticsClient, AnalyticsConfig } from './analytics';

/**
 * Properties the library adds by itself that can carry personal data: the current URL and the
 * referrer hold list filters in their query string (a CPF typed in a search, for one).
 */
const PROPERTY_BLACKLIST = ['$current_url', '$referrer', '$referring_domain', '$initial_referrer', '$initial_referring_domain'];

export const createMixpanelClient = ({ token, apiHost }: AnalyticsConfig): AnalyticsClient => {
  mixpanel.init(token, {
    ...(apiHost ? { api_host: apiHost.replace(/\/+$/, '') } : {}),
    // Each queue (events, people, groups) is kept in local storage, so a reload loses nothing, and
    // posted every few seconds; when the tab is hidden or closed, the queued events go by sendBeacon.
    batch_requests: true,
    batch_flush_interval_ms: ANALYTICS_BATCH.flushIntervalMs,
    batch_size: ANALYTICS_BATCH.size,
    // Local storage, not a cookie: a cookie would ride along on every API request.
    persistence: 'localStorage',
    // Page views are tracked by route (AnalyticsTracker), never by raw URL; nothing is captured by itself.
    track_pageview: false,
    autocapture: false,
    save_referrer: false,
    property_blacklist: PROPERTY_BLACKLIST,
  });

  return {
    track: (event, properties) => mixpanel.track(event, properties),
    identify: ({ id, name, email, profile }) => {
      mixpanel.identify(id);
      mixpanel.register({ profile });
      mixpanel.people.set({ $name: name, $email: email, profile });
    },
    setGroup: ({ key, id, name }) => {
      mixpanel.set_group(key, id);
      mixpanel.get_group(key, id).set({ $name: name });
    },
    reset: () => mixpanel.reset(),
  };
};
