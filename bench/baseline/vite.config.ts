/**
 * The baseline's build: Vite's defaults with the React plugin, none of the app's bundle tuning, so
 * the comparison shows what a plain Refine + antd list costs with the same package versions.
 */
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  logLevel: 'warn',
  build: { chunkSizeWarningLimit: 5000 },
});
