import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const apiPort = Number(process.env.PORT ?? 3000);

/**
 * Packages that declare no `sideEffects` in their package.json although importing them does nothing
 * but define code. Without the hint the bundler keeps every module they import, used or not (all of
 * rc-field-form and its validator behind antd's Input, papaparse behind Refine's unused import
 * helpers); with it, only what is used ships (DESIGN §5).
 */
const PURE_PACKAGES =
  /[\\/]node_modules[\\/](rc-[^\\/]+|@rc-component[\\/][^\\/]+|@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors)|papaparse|pluralize|error-stack-parser|stackframe)[\\/].*\.m?js$/;

const shim = (file: string) => fileURLToPath(new URL(`./src/shims/${file}`, import.meta.url));

/**
 * antd modules that a list or the login imports but never runs, swapped for small stand-ins
 * (src/shims): the table's column filter dropdown (the app filters through its own bar), the form
 * hook module that Radio.Group imports for one helper, and the others listed below. Matched by
 * importer and exact specifier, so an antd release that moves them simply ships the originals again.
 */
const ANTD_STANDINS: readonly { importer: RegExp; source: string; file: string }[] = [
  { importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/, source: './FilterDropdown', file: 'antdFilterDropdown.tsx' },
  { importer: /[\\/]antd[\\/]es[\\/]radio[\\/]group\.js$/, source: '../form/hooks/useForm', file: 'antdFormNamePath.ts' },
  // <App>'s modal and message hooks: toasts go through notification; confirming pages bring ModalScope.
  { importer: /[\\/]antd[\\/]es[\\/]app[\\/]App\.js$/, source: '../modal/useModal', file: 'antdAppModal.ts' },
  { importer: /[\\/]antd[\\/]es[\\/]app[\\/]App\.js$/, source: '../message/useMessage', file: 'antdAppMessage.ts' },
  // The table's virtual mode, selection menu (`rowSelection.selections`) and radio selection: no table uses them.
  { importer: /[\\/]antd[\\/]es[\\/]table[\\/]InternalTable\.js$/, source: './RcTable/VirtualTable', file: 'antdVirtualTable.tsx' },
  { importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/, source: '../../dropdown', file: 'antdSelectionDropdown.tsx' },
  { importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/, source: '../../radio', file: 'antdSelectionRadio.tsx' },
];

const antdStandIns = (): Plugin => ({
  name: 'repasse-antd-stand-ins',
  enforce: 'pre',
  resolveId(source, importer) {
    const hit = importer ? ANTD_STANDINS.find((s) => s.source === source && s.importer.test(importer)) : undefined;
    return hit ? shim(hit.file) : null;
  },
});

export default defineConfig({
  plugins: [react(), antdStandIns()],
  resolve: {
    alias: {
      // Lighter stand-ins for packages that only serve engines antd 5 does not support (src/shims).
      'side-channel': shim('side-channel.cjs'),
      'resize-observer-polyfill': shim('resize-observer.ts'),
    },
  },
  server: {
    port: 5173,
    // In development the API runs beside Vite; in production the API serves the built app itself.
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      treeshake: { moduleSideEffects: [{ test: PURE_PACKAGES, sideEffects: false }] },
    },
  },
});
