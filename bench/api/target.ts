/** The forked app under test (bench/api/server.ts) and the IPC calls the benchmark makes to it. */
import { type ChildProcess, fork } from 'node:child_process';
import { appNode } from './runtime';
import { fileURLToPath } from 'node:url';
import type { Samples } from './stats';

const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));

export interface Target {
  baseUrl: string;
  /** The HTTP floor (bench/api/server.ts): plain node:http replaying the plans set by `floor`. */
  floorUrl: string;
  kind: 'postgres' | 'pglite';
  poolSize: number;
  sql<T = Record<string, unknown>>(text: string): Promise<T[]>;
  /** Captures the SQL that `run` makes the app send; returns the plan's id and its statements. */
  capture(run: () => Promise<void>): Promise<{ planId: number; steps: { kind: string; texts: string[] }[] }>;
  bare(plans: number[], connections: number, seconds: number): Promise<Samples>;
  /** The plans the HTTP floor answers with, round-robin, from now on. */
  floor(plans: number[]): Promise<void>;
  /** The app's process's CPU time so far (user + system, µs): deltas around a load give CPU per request. */
  cpu(): Promise<number>;
  close(): Promise<void>;
}

export async function startTarget(env: { BENCH_DB_URL?: string; BENCH_PGLITE_DIR?: string }): Promise<Target> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  delete childEnv.DATABASE_URL;
  const child: ChildProcess = fork(SERVER, [], { env: childEnv, execPath: appNode().execPath, execArgv: ['--import', 'tsx', ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const ready = new Promise<{ port: number; floorPort: number; kind: 'postgres' | 'pglite'; poolSize: number }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    child.on('message', (msg: { type?: string; id?: number; ok?: boolean; result?: unknown; error?: string; port?: number; floorPort?: number; kind?: 'postgres' | 'pglite'; poolSize?: number }) => {
      if (msg.type === 'ready') return resolve({ port: msg.port!, floorPort: msg.floorPort!, kind: msg.kind!, poolSize: msg.poolSize! });
      const call = pending.get(msg.id!);
      pending.delete(msg.id!);
      if (msg.ok) call?.resolve(msg.result);
      else call?.reject(new Error(msg.error));
    });
  });
  const call = <T>(msg: Record<string, unknown>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      child.send({ ...msg, id });
    });
  const { port, floorPort, kind, poolSize } = await ready;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    floorUrl: `http://127.0.0.1:${floorPort}`,
    kind,
    poolSize,
    sql: (text) => call({ type: 'sql', text }),
    async capture(run) {
      await call({ type: 'record-start' });
      try {
        await run();
      } finally {
        // Statements still in flight after the response (none expected) would be lost: wait a tick.
        await new Promise((r) => setTimeout(r, 5));
      }
      return call({ type: 'record-stop' });
    },
    bare: (plans, connections, seconds) => call({ type: 'bare', plans, connections, seconds }),
    floor: (plans) => call({ type: 'floor', plans }),
    cpu: () => call({ type: 'cpu' }),
    async close() {
      const exited = new Promise((r) => child.once('exit', r));
      await call({ type: 'close' }).catch(() => undefined);
      await exited;
    },
  };
}
