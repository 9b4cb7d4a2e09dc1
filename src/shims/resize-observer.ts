/**
 * rc-resize-observer imports `resize-observer-polyfill`, a polyfill for browsers that predate
 * ResizeObserver; every browser antd 5 supports has it. Aliased in vite.config.ts (dev server and build).
 */
export default globalThis.ResizeObserver;
