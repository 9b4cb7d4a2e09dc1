/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Points the app at an API on another host; the default is `/api` on the same origin. */
  readonly VITE_API_URL?: string;
  /** Analytics project token; analytics stay off (and their library is never downloaded) without it. */
  readonly VITE_ANALYTICS_TOKEN?: string;
  /** A Mixpanel-compatible endpoint; Mixpanel's own when empty. */
  readonly VITE_ANALYTICS_API_HOST?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
