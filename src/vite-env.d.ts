/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Points the app at an API on another host; the default is `/api` on the same origin. */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
