import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { ptBR } from './src/i18n/pt-BR';
import { precompress } from './scripts/build/precompress';
import { STANDIN_ALIASES, antdStandIns } from './scripts/build/standIns';

const apiPort = Number(process.env.PORT ?? 3000);

/**
 * Packages that declare no `sideEffects` in their package.json although importing them does nothing
 * but define code. Without the hint the bundler keeps every module they import, used or not (all of
 * rc-field-form and its validator behind antd's Input, papaparse behind Refine's unused import
 * helpers); with it, only what is used ships (DESIGN §5).
 */
const PURE_PACKAGES =
  /[\\/]node_modules[\\/](rc-[^\\/]+|@rc-component[\\/][^\\/]+|@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors)|papaparse|pluralize|error-stack-parser|stackframe)[\\/].*\.m?js$/;

/** index.html's loading words before the first render, from the catalogue (PageLoading's). */
const bootWords = (): Plugin => ({
  name: 'repasse-boot-words',
  transformIndexHtml: (html) => html.replace('%APP_LOADING%', ptBR.app.loading),
});

export default defineConfig({
  plugins: [react(), antdStandIns(), precompress(), bootWords()],
  resolve: {
    // Lighter stand-ins for packages that only serve engines antd 5 does not support (src/shims).
    alias: STANDIN_ALIASES,
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
      // Three chunks to the first list instead of ~66 (issue 17), measured in bench/results (bundle.md,
      // browser.md): each file cost its own response headers and compressed apart from the others
      // (first list on the wire 440 → 390 KB, login 249 → 233 KB, 75 → 12 requests). `login` is
      // what the entry imports statically; `auth` the login call's code, asked for as the form shows;
      // `app` the signed-in app, the layout and the list page with what they import. Other pages
      // keep their own lazy chunks.
      output: {
        codeSplitting: {
          groups: [
            { name: 'login', tags: ['$initial'], priority: 3 },
            { name: 'auth', test: /src[\\/]providers[\\/]authProvider\.ts$/, priority: 2 },
            { name: 'app', test: /src[\\/](SignedInApp|components[\\/]layout[\\/]AppLayout|pages[\\/]list[\\/]ListPage)\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
});
