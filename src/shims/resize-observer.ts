/**
 * rc-resize-observer imports `resize-observer-polyfill`, a polyfill for browsers that predate
 * ResizeObserver; every browser antd 5 supports has it. Aliased by scripts/build/standIns.ts (the build and the dev server).
 */
export default globalThis.ResizeObserver;
