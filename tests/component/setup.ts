import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import '../../src/dayjs';
import { skippedMatches, speedUpComputedStyle } from './fastStyles';

// The project reuses workers across files (isolate: false, vitest.config.ts): antd and React stay
// loaded, but our own modules (src/, Refine, the test helpers) start afresh for every file.
vi.resetModules();

// antd reads media queries (Grid, Layout.Sider breakpoints); jsdom has none.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }),
});

// rc-resize-observer (Table, Select, Input.TextArea) needs a ResizeObserver.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
(globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= ResizeObserverStub;

// jsdom throws "Not implemented" for pseudo-element styles, which antd asks for when measuring scrollbars.
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (elt: Element) => getComputedStyle(elt);

// Three quarters of these tests' CPU went into jsdom's getComputedStyle over antd's CSS (see
// fastStyles.ts). FAST_STYLES=off measures without the pre-check; FAST_STYLES=verify also asks jsdom
// about every rule it skips and fails the test if one did match.
if (process.env.FAST_STYLES !== 'off') speedUpComputedStyle(document, { verify: process.env.FAST_STYLES === 'verify' });

// antd's Table scrolls its body into view on page change.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollTo = vi.fn() as unknown as typeof Element.prototype.scrollTo;

// The first render of a route compiles its lazy chunk, and antd renders slowly in jsdom: on a
// loaded 2-CPU CI machine a list page took over 5 s to show. Waiting longer costs nothing when it passes.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.title = '';
  if (skippedMatches.length) throw new Error(`fastStyles skipped matching rules:\n${skippedMatches.splice(0).join('\n')}`);
});
