/**
 * antd modules the app imports but never runs, swapped for small stand-ins (src/shims), and two
 * packages that only serve engines antd 5 does not support. One table for the browser build
 * (vite.config.ts) and the component tests (vitest.config.ts), so the tests run what ships (issue 16).
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export interface StandIn {
  /** The antd module that imports `source` (its path in antd's ES build). */
  importer: RegExp;
  /** The import specifier exactly as that module writes it. */
  source: string;
  /** The stand-in, in src/shims. */
  file: string;
}

export const shim = (file: string) => fileURLToPath(new URL(`../../src/shims/${file}`, import.meta.url));

/**
 * Kept because each saves more on the first list than its fragility costs (`npx tsx
 * bench/standIns.ts`, docs/decisions.md "Issue 16 (client)"): the table's column filter dropdown,
 * 21.5 KB gzip (the app filters through its own bar), the modal and message hooks antd's <App>
 * creates for every page, 10.0 + 1.1 KB (toasts go through notification; confirming pages bring
 * ModalScope), and three table parts no table uses (below). Matched by importer and exact
 * specifier; the build fails when one matches nothing. tests/component/standIns.test.tsx checks
 * each is in effect in the component tests.
 */
export const ANTD_STANDINS: readonly StandIn[] = [
  { importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/, source: './FilterDropdown', file: 'antdFilterDropdown.tsx' },
  { importer: /[\\/]antd[\\/]es[\\/]app[\\/]App\.js$/, source: '../modal/useModal', file: 'antdAppModal.ts' },
  { importer: /[\\/]antd[\\/]es[\\/]app[\\/]App\.js$/, source: '../message/useMessage', file: 'antdAppMessage.ts' },
  // The table's virtual mode, selection menu (`rowSelection.selections`) and radio selection: no
  // table uses them. 1.9 + 3.7 + 2.3 KB gzip, ~6.5 KB on the wire: without them the first list
  // crossed DESIGN §5's 400 KB on the wire (403.1 KB measured, bench/results/browser.md).
  { importer: /[\\/]antd[\\/]es[\\/]table[\\/]InternalTable\.js$/, source: './RcTable/VirtualTable', file: 'antdVirtualTable.tsx' },
  { importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/, source: '../../dropdown', file: 'antdSelectionDropdown.tsx' },
  { importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/, source: '../../radio', file: 'antdSelectionRadio.tsx' },
];

/** Lighter stand-ins for packages that only serve engines antd 5 does not support (src/shims). */
export const STANDIN_ALIASES: Record<string, string> = {
  'side-channel': shim('side-channel.cjs'),
  'resize-observer-polyfill': shim('resize-observer.ts'),
};

/**
 * Swaps the stand-ins in, and fails the production build when one of them no longer matched any
 * import (issue 16): after an antd upgrade that moved a module, the build must say so rather than
 * silently ship the original (and lose the saving) or keep a stand-in for code that changed.
 */
export const antdStandIns = (standIns: readonly StandIn[] = ANTD_STANDINS): Plugin => {
  const used = new Set<StandIn>();
  let building = false;
  return {
    name: 'repasse-antd-stand-ins',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
    },
    buildStart() {
      used.clear();
    },
    resolveId(source, importer) {
      const hit = importer ? standIns.find((s) => s.source === source && s.importer.test(importer)) : undefined;
      if (!hit) return null;
      used.add(hit);
      return shim(hit.file);
    },
    buildEnd(error) {
      if (!building || error) return;
      const unused = standIns.filter((s) => !used.has(s));
      if (unused.length) {
        this.error(
          `antd stand-ins that matched no import (antd moved or changed the module; update ANTD_STANDINS in scripts/build/standIns.ts or drop the stand-in): ${unused
            .map((s) => `${s.source} from ${s.importer.source} → src/shims/${s.file}`)
            .join('; ')}`,
        );
      }
    },
  };
};
