/**
 * Entry of the spreadsheet worker (pool.ts). Plain JavaScript because a worker does not inherit the
 * parent's loader hooks: `node --import tsx` makes the server read TypeScript, not its workers (and
 * Node 20 refuses `--import tsx` in a worker's execArgv), and vitest's transform never reaches them.
 * So the worker registers tsx itself, then loads the TypeScript that does the work.
 */
import { register } from 'tsx/esm/api';

register();
await import('./workerMain.ts');
