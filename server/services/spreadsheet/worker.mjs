/**
 * Entry of the spreadsheet worker process (pool.ts). Plain JavaScript because the worker is started
 * with its own flags, not the parent's (`--import tsx` in the server, vitest's loaders in tests, which
 * never reach a child): it registers tsx itself, then loads the TypeScript that does the work.
 */
import { register } from 'tsx/esm/api';

register();
await import('./workerMain.ts');
