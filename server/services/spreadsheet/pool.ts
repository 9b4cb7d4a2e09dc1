/**
 * Runs the pricing spreadsheet reader off the event loop (docs/security.md, "Hostile files"): in one
 * worker thread with its own heap cap, one file at a time, each with a deadline. A file that runs the
 * worker out of memory or past its deadline ends the worker (the next file gets a new one) and is
 * refused as too large; any other death refuses it as unreadable. Nothing here ever rejects: the
 * caller gets a file-level answer, the server keeps answering meanwhile.
 *
 * The worker stays up between files (starting one loads tsx and read-excel-file: about a second on a
 * loaded machine) and is unref'd while idle, so it never keeps a process alive; it ends after
 * SPREADSHEET_WORKER.idleMs without work.
 */
import { Worker } from 'node:worker_threads';
import type { ParsedPricingFile } from '../pricingSpreadsheet';

export interface SpreadsheetJob {
  id: number;
  bytes: Uint8Array;
  fileName: string;
}
export interface SpreadsheetAnswer {
  id: number;
  result: ParsedPricingFile;
}

export const SPREADSHEET_WORKER = {
  /**
   * The worker's V8 heap. A legitimate 10,000-row file needs a few tens of MB; the largest zip the
   * guard lets through (XLSX_LIMITS) may not fit, and is then refused instead of growing the process.
   */
  maxOldGenerationSizeMb: 256,
  maxYoungGenerationSizeMb: 32,
  /** From the moment the worker takes the file: a legitimate file takes well under 2 s. */
  deadlineMs: 15_000,
  /** Loading tsx and the reader in a new worker; generous for a machine under load. */
  startMs: 30_000,
  idleMs: 60_000,
};

interface Pending {
  id: number;
  bytes: Buffer;
  fileName: string;
  resolve: (r: ParsedPricingFile) => void;
}

const TOO_LARGE: ParsedPricingFile = { ok: false, error: 'tooLarge' };
const UNREADABLE: ParsedPricingFile = { ok: false, error: 'unreadable' };

let nextId = 1;
const queue: Pending[] = [];
let current: { job: Pending; timer: NodeJS.Timeout } | null = null;
let worker: { thread: Worker; ready: boolean; startTimer: NodeJS.Timeout | null } | null = null;
let idleTimer: NodeJS.Timeout | null = null;

function finish(result: ParsedPricingFile) {
  if (!current) return;
  clearTimeout(current.timer);
  const { job } = current;
  current = null;
  job.resolve(result);
  pump();
}

/** Drops the worker; the job it held (or the next one, when it died before it could take any) gets `result`. */
function kill(thread: Worker, result: ParsedPricingFile) {
  if (worker?.thread !== thread) return;
  if (worker.startTimer) clearTimeout(worker.startTimer);
  const wasReady = worker.ready;
  worker = null;
  void thread.terminate().catch(() => {});
  if (current) finish(result);
  // A worker that cannot even start must not be restarted forever for the same file.
  else if (!wasReady) queue.shift()?.resolve(UNREADABLE);
  pump();
}

function spawn() {
  const thread = new Worker(new URL('./worker.mjs', import.meta.url), {
    // Not the parent's flags: `--import tsx` there would break the worker on Node 20 (worker.mjs registers tsx itself).
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: SPREADSHEET_WORKER.maxOldGenerationSizeMb, maxYoungGenerationSizeMb: SPREADSHEET_WORKER.maxYoungGenerationSizeMb },
  });
  const w = { thread, ready: false, startTimer: null as NodeJS.Timeout | null };
  w.startTimer = setTimeout(() => kill(thread, UNREADABLE), SPREADSHEET_WORKER.startMs);
  worker = w;
  thread.on('message', (m: SpreadsheetAnswer | { ready: true }) => {
    if ('ready' in m) {
      if (w.startTimer) clearTimeout(w.startTimer);
      w.startTimer = null;
      w.ready = true;
      pump();
    } else if (current?.job.id === m.id) finish(m.result);
  });
  thread.on('error', (err: Error & { code?: string }) => kill(thread, err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? TOO_LARGE : UNREADABLE));
  thread.on('exit', () => kill(thread, UNREADABLE));
}

function pump() {
  if (current) return;
  if (!queue.length) {
    if (worker) {
      worker.thread.unref();
      const thread = worker.thread;
      idleTimer ??= setTimeout(() => {
        idleTimer = null;
        if (worker?.thread === thread && !current && !queue.length) kill(thread, UNREADABLE);
      }, SPREADSHEET_WORKER.idleMs).unref();
    }
    return;
  }
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  if (!worker) spawn();
  const w = worker!;
  w.thread.ref();
  if (!w.ready) return;
  const job = queue.shift()!;
  const thread = w.thread;
  current = { job, timer: setTimeout(() => kill(thread, TOO_LARGE), SPREADSHEET_WORKER.deadlineMs) };
  // A copy of its own: the caller's Buffer may be a slice of Node's shared pool, which must not be transferred away.
  const bytes = new Uint8Array(job.bytes);
  thread.postMessage({ id: job.id, bytes, fileName: job.fileName } satisfies SpreadsheetJob, [bytes.buffer]);
}

/** Parses a pricing file in the worker; always resolves, with a file-level error when the worker could not. */
export function parseInWorker(bytes: Buffer, fileName: string): Promise<ParsedPricingFile> {
  return new Promise((resolve) => {
    queue.push({ id: nextId++, bytes, fileName, resolve });
    try {
      pump();
    } catch {
      // Worker creation itself failed (no threads left): every waiting file is refused, none hangs.
      for (const job of queue.splice(0)) job.resolve(UNREADABLE);
      worker = null;
    }
  });
}

/** Ends the worker now (tests changing SPREADSHEET_WORKER; shutdown); the next file starts a new one. */
export async function stopSpreadsheetWorker(): Promise<void> {
  const thread = worker?.thread;
  if (thread) kill(thread, UNREADABLE);
}
