/**
 * Analytics (SPEC §7, DESIGN §2): page views, actions, login and logout as events, the user as a
 * people profile and the administrator as a group, batched to a Mixpanel-compatible endpoint. On
 * only when VITE_ANALYTICS_TOKEN is set at build time; otherwise every call is a no-op and the
 * analytics library is never downloaded (it sits behind a dynamic import). docs/analytics.md.
 */
import { truncateProperties } from '../domain';

export interface AnalyticsConfig {
  token: string;
  /** A Mixpanel-compatible endpoint; Mixpanel's own when absent. */
  apiHost?: string;
}

type AnalyticsProperties = Record<string, unknown>;

interface AnalyticsUser {
  id: string;
  name: string;
  email: string;
  profile: string | null;
}

interface AnalyticsGroup {
  /** The group key, e.g. `admId`. */
  key: string;
  id: string;
  name: string;
}

/** What the app asks of an analytics library. */
export interface AnalyticsClient {
  track(event: string, properties?: AnalyticsProperties): void;
  identify(user: AnalyticsUser): void;
  setGroup(group: AnalyticsGroup): void;
  reset(): void;
}

export type AnalyticsLoader = (config: AnalyticsConfig) => Promise<AnalyticsClient>;

export interface Analytics extends AnalyticsClient {
  readonly enabled: boolean;
  /** Loads the library (once; later calls do nothing). Calls made before it arrives wait in order. */
  start(load: AnalyticsLoader): void;
}

/** The group an administrator's users share (SPEC §7: the administrator as a group). */
export const ADMINISTRATOR_GROUP_KEY = 'admId';

export const analyticsConfig = (
  env: Pick<ImportMetaEnv, 'VITE_ANALYTICS_TOKEN' | 'VITE_ANALYTICS_API_HOST'> = import.meta.env,
): AnalyticsConfig | null => {
  const token = env.VITE_ANALYTICS_TOKEN?.trim();
  if (!token) return null;
  const apiHost = env.VITE_ANALYTICS_API_HOST?.trim();
  return apiHost ? { token, apiHost } : { token };
};

const noop = () => undefined;

export const DISABLED_ANALYTICS: Analytics = { enabled: false, track: noop, identify: noop, setGroup: noop, reset: noop, start: noop };

/**
 * Every text is cut at SPEC §9's limit here, whatever the library does. The library arrives when
 * someone calls start(): the app's mount point does, so the dynamic import sits in the entry chunk
 * and a build without analytics carries nothing of it. A library that fails to load (offline,
 * blocked) turns analytics off quietly: analytics must never break the app.
 */
export const createAnalytics = (config: AnalyticsConfig | null): Analytics => {
  if (!config) return DISABLED_ANALYTICS;
  let client: AnalyticsClient | null = null;
  let started = false;
  let failed = false;
  const pending: ((c: AnalyticsClient) => void)[] = [];

  const run = (call: (c: AnalyticsClient) => void) => {
    if (failed) return;
    const safe = (c: AnalyticsClient) => {
      try {
        call(c);
      } catch {
        // An analytics error is not the user's problem.
      }
    };
    if (client) safe(client);
    else pending.push(safe);
  };

  return {
    enabled: true,
    start: (load) => {
      if (started) return;
      started = true;
      load(config).then(
        (c) => {
          client = c;
          for (const call of pending.splice(0)) call(c);
        },
        () => {
          failed = true;
          pending.length = 0;
        },
      );
    },
    track: (event, properties = {}) => run((c) => c.track(truncateProperties(event), truncateProperties(properties))),
    identify: (user) => run((c) => c.identify(truncateProperties(user))),
    setGroup: (group) => run((c) => c.setGroup(truncateProperties(group))),
    reset: () => run((c) => c.reset()),
  };
};

/**
 * The app's one analytics instance. The build-time variable is tested literally, so that without a
 * token the minifier folds the test and drops what is behind it.
 */
export const analytics: Analytics = import.meta.env.VITE_ANALYTICS_TOKEN ? createAnalytics(analyticsConfig()) : DISABLED_ANALYTICS;
