/**
 * Captures, at the driver, every statement one HTTP request sends (text, parameters and the very
 * query-config object Drizzle built: row mode, type parsers), and replays them through the same
 * driver. That replay is the "bare query" baseline: the same SQL, the same round trips, the same
 * concurrency between them (statements that overlapped run together again, a transaction runs on
 * one connection), without HTTP, auth, validation, mapping or JSON.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Marks the async context of the one request being captured (set by the app's onRequest hook for
 * a request carrying CAPTURE_HEADER): requests still queued from the last load run, on PGlite
 * above all, must not leak their statements into the capture.
 */
export const captureContext = new AsyncLocalStorage<true>();
export const CAPTURE_HEADER = 'x-bench-capture';
const inCapturedRequest = () => captureContext.getStore() === true;

interface Captured {
  /** Arguments the driver's query() got, minus a trailing callback. */
  args: unknown[];
  /** A transaction's statements share an id; null for statements outside one. */
  tx: number | null;
  start: number;
  end: number;
  text: string;
}

/** One step of a replay: statements that ran together, or one transaction's statements in order. */
export type Step = { kind: 'parallel'; args: unknown[][]; texts: string[] } | { kind: 'tx'; args: unknown[][]; texts: string[] };
export type Plan = Step[];

const textOf = (arg: unknown): string => (typeof arg === 'string' ? arg : String((arg as { text?: string }).text ?? ''));

/** Groups captured statements into steps: overlapping ones in parallel, a transaction as one step. */
function toPlan(captured: Captured[]): Plan {
  const plan: Plan = [];
  const txSteps = new Map<number, Step>();
  let open: { step: Step; end: number } | null = null;
  for (const c of [...captured].sort((a, b) => a.start - b.start)) {
    if (c.tx !== null) {
      let step = txSteps.get(c.tx);
      if (!step) {
        step = { kind: 'tx', args: [], texts: [] };
        txSteps.set(c.tx, step);
        plan.push(step);
        open = null;
      }
      step.args.push(c.args);
      step.texts.push(c.text);
      continue;
    }
    if (open && c.start < open.end) {
      open.step.args.push(c.args);
      open.step.texts.push(c.text);
      open.end = Math.max(open.end, c.end);
    } else {
      const step: Step = { kind: 'parallel', args: [c.args], texts: [c.text] };
      plan.push(step);
      open = { step, end: c.end };
    }
  }
  return plan;
}

/** The later of two driver results, unless it returned no rows (a COMMIT after the SELECT). */
const withRows = (earlier: unknown, later: unknown): unknown => ((later as { rows?: unknown[] } | undefined)?.rows?.length ? later : (earlier ?? later));

export interface Capture {
  start(): void;
  stop(): Plan;
  /** Runs a plan once through the driver; resolves to the driver's result of its last statement that returned rows. */
  replay(plan: Plan): Promise<unknown>;
}

/**
 * node-postgres: pg.Client.prototype.query sees every statement, whether it came through
 * pool.query (callback style) or a checked-out client (a transaction: BEGIN … COMMIT on it).
 */
export function capturePg(pool: pg.Pool): Capture {
  let recording: Captured[] | null = null;
  let nextTx = 1;
  const inTx = new WeakMap<object, number>();
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  (pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (this: object, ...args: unknown[]) {
    if (!recording || !inCapturedRequest()) return original.apply(this, args);
    const text = textOf(args[0]);
    if (/^\s*begin/i.test(text)) inTx.set(this, nextTx++);
    const entry: Captured = { args: typeof args.at(-1) === 'function' ? args.slice(0, -1) : [...args], tx: inTx.get(this) ?? null, start: performance.now(), end: Infinity, text };
    if (/^\s*(commit|rollback)/i.test(text)) inTx.delete(this);
    recording.push(entry);
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (...cbArgs: unknown[]) => {
        entry.end = performance.now();
        return (callback as (...a: unknown[]) => unknown)(...cbArgs);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args) as Promise<unknown>;
    return result.finally(() => (entry.end = performance.now()));
  };
  return {
    start: () => (recording = []),
    stop: () => {
      const plan = toPlan(recording ?? []);
      recording = null;
      return plan;
    },
    async replay(plan) {
      let last: unknown;
      for (const step of plan) {
        if (step.kind === 'parallel') {
          for (const r of await Promise.all(step.args.map((a) => (pool.query as (...x: unknown[]) => Promise<unknown>)(...a)))) last = withRows(last, r);
        } else {
          const client = await pool.connect();
          try {
            for (const a of step.args) last = withRows(last, await (client.query as (...x: unknown[]) => Promise<unknown>)(...a));
          } finally {
            client.release();
          }
        }
      }
      return last;
    },
  };
}

/** PGlite: query() on the instance, and query() on the object its transaction() hands over. */
export function capturePglite(client: PGlite): Capture {
  let recording: Captured[] | null = null;
  let nextTx = 1;
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  const record = (args: unknown[], tx: number | null, run: () => Promise<unknown>) => {
    if (!recording || !inCapturedRequest()) return run();
    const entry: Captured = { args, tx, start: performance.now(), end: Infinity, text: textOf(args[0]) };
    recording.push(entry);
    return run().finally(() => (entry.end = performance.now()));
  };
  (client as unknown as { query: (...a: unknown[]) => Promise<unknown> }).query = (...args: unknown[]) =>
    record(args, null, () => (query as (...a: unknown[]) => Promise<unknown>)(...args));
  (client as unknown as { transaction: (cb: (tx: Transaction) => Promise<unknown>) => Promise<unknown> }).transaction = (cb) =>
    transaction(async (tx) => {
      const id = nextTx++;
      const txQuery = tx.query.bind(tx);
      const wrapped = Object.create(tx) as Transaction;
      (wrapped as unknown as { query: (...a: unknown[]) => Promise<unknown> }).query = (...args: unknown[]) =>
        record(args, id, () => (txQuery as (...a: unknown[]) => Promise<unknown>)(...args));
      return cb(wrapped);
    });
  return {
    start: () => (recording = []),
    stop: () => {
      const plan = toPlan(recording ?? []);
      recording = null;
      return plan;
    },
    async replay(plan) {
      let last: unknown;
      for (const step of plan) {
        if (step.kind === 'parallel') for (const r of await Promise.all(step.args.map((a) => (query as (...x: unknown[]) => Promise<unknown>)(...a)))) last = withRows(last, r);
        else
          await transaction(async (tx) => {
            for (const a of step.args) last = withRows(last, await (tx.query as (...x: unknown[]) => Promise<unknown>)(...a));
          });
      }
      return last;
    },
  };
}
