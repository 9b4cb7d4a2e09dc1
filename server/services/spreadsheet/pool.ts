/**
 * Runs the pricing spreadsheet reader off the event loop (docs/security.md, "Hostile files"): in one
 * child process with its own heap cap, one file at a time, each with a deadline. A file that runs the
 * worker out of memory or past its deadline ends the worker (the next file gets a new one) and is
 * refused as too large; any other death refuses it as unreadable. Nothing here ever rejects: the
 * caller gets a file-level answer, the server keeps answering meanwhile.
 *
 * A process, not a worker thread: a thread's resourceLimits are not a hard wall. V8 reaching the cap
 * inside one large allocation aborts the whole process ("FATAL ERROR: Reached heap limit"), and with
 * it every request of the server; a child that aborts takes only itself down.
 *
 * The worker stays up between files (starting one loads tsx and read-excel-file: about a second on a
 * loaded machine) and is unref'd while idle, so it never keeps a process alive; it ends after
 * SPREADSHEET_WORKER.idleMs without work, and when its parent goes (its IPC channel closes).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
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
   * guard lets through (XLSX_LIMITS) may not fit, and is then refused instead of growing the server.
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
let worker: { thread: ChildProcess; ready: boolean; startTimer: NodeJS.Timeout | null } | null = null;
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
function kill(thread: ChildProcess, result: ParsedPricingFile) {
  if (worker?.thread !== thread) return;
  if (worker.startTimer) clearTimeout(worker.startTimer);
  const wasReady = worker.ready;
  worker = null;
  thread.kill('SIGKILL');
  if (current) finish(result);
  // A worker that cannot even start must not be restarted forever for the same file.
  else if (!wasReady) queue.shift()?.resolve(UNREADABLE);
  pump();
}

/** V8 aborting on its heap cap: SIGABRT, or exit code 134 where a shell or runtime reports it so. */
const outOfMemory = (code: number | null, signal: NodeJS.Signals | null) => signal === 'SIGABRT' || code === 134;

function spawn() {
  const thread = fork(fileURLToPath(new URL('./worker.mjs', import.meta.url)), [], {
    // Not the parent's flags (`--import tsx`, vitest's loaders): worker.mjs registers tsx itself.
    execArgv: [`--max-old-space-size=${SPREADSHEET_WORKER.maxOldGenerationSizeMb}`, `--max-semi-space-size=${Math.max(1, Math.floor(SPREADSHEET_WORKER.maxYoungGenerationSizeMb / 3))}`],
    serialization: 'advanced',
    // Its own output only: V8's out-of-memory report is the parent's business as an answer, not a log.
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
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
  thread.on('error', () => kill(thread, UNREADABLE));
  thread.on('exit', (code, signal) => kill(thread, outOfMemory(code, signal) ? TOO_LARGE : UNREADABLE));
}

/** Whether the child keeps the parent's event loop alive: only while it holds work. */
function hold(thread: ChildProcess, held: boolean) {
  const channel = thread.channel as { ref(): void; unref(): void } | undefined;
  if (held) {
    thread.ref();
    channel?.ref();
  } else {
    thread.unref();
    channel?.unref();
  }
}

function pump() {
  if (current) return;
  if (!queue.length) {
    if (worker) {
      hold(worker.thread, false);
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
  hold(w.thread, true);
  if (!w.ready) return;
  const job = queue.shift()!;
  const thread = w.thread;
  current = { job, timer: setTimeout(() => kill(thread, TOO_LARGE), SPREADSHEET_WORKER.deadlineMs) };
  // Copied over the IPC channel (advanced serialization keeps the bytes binary).
  thread.send({ id: job.id, bytes: new Uint8Array(job.bytes), fileName: job.fileName } satisfies SpreadsheetJob);
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
