/**
 * The app under test, in its own process (forked by bench/api.ts, so the load generator does not
 * share its event loop): loadConfig + buildApp exactly as server/main.ts, over a database handle
 * whose driver is instrumented by sqlCapture. Over IPC the parent asks it to capture the SQL of the
 * next requests and to replay that SQL straight through the driver (the bare baseline).
 *
 * Env: BENCH_DB_URL (PostgreSQL) or BENCH_PGLITE_DIR (embedded PGlite); DB_POOL_SIZE as the server.
 */
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { DatabaseHandle, Db } from '../../server/db/client';
import { runMigrations } from '../../server/db/migrate';
import { rowsOf } from '../../server/db/seed/bulk';
import { CAPTURE_HEADER, type Capture, type Plan, captureContext, capturePg, capturePglite } from './sqlCapture';


export type Request =
  | { id: number; type: 'sql'; text: string }
  | { id: number; type: 'record-start' }
  | { id: number; type: 'record-stop' }
  | { id: number; type: 'bare'; plans: number[]; connections: number; seconds: number }
  | { id: number; type: 'floor'; plans: number[] }
  | { id: number; type: 'cpu' }
  | { id: number; type: 'close' };

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn' });
const url = process.env.BENCH_DB_URL;
let handle: DatabaseHandle;
let capture: Capture;
let closeBare: () => Promise<void> = async () => {};

if (url) {
  const pool = new pg.Pool({ connectionString: url, max: config.dbPoolSize });
  pool.on('error', () => {});
  handle = { db: drizzlePg(pool) as unknown as Db, kind: 'postgres', location: url, close: () => pool.end() };
  // The baseline gets its own pool of the same size, so neither inherits the other's warm connections.
  const barePool = new pg.Pool({ connectionString: url, max: config.dbPoolSize });
  barePool.on('error', () => {});
  capture = capturePg(barePool);
  closeBare = () => barePool.end();
} else {
  const dir = process.env.BENCH_PGLITE_DIR;
  if (!dir) throw new Error('BENCH_DB_URL or BENCH_PGLITE_DIR is required');
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  // One PGlite per data directory: the baseline replays through the very instance the app uses.
  capture = capturePglite(client);
  handle = { db: drizzlePglite(client) as unknown as Db, kind: 'pglite', location: dir, close: () => client.close() };
}

await runMigrations(handle);
const app = await buildApp({ db: handle, config, logger: false });
// The request to capture runs inside captureContext, and so does every statement it sends. (At
// the http.Server: buildApp hands back a Fastify instance that is ready, closed to new hooks.)
for (const listener of app.server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[]) {
  app.server.off('request', listener);
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => (req.headers[CAPTURE_HEADER] ? captureContext.run(true, () => listener(req, res)) : listener(req, res)));
}
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const plans: Plan[] = [];

/** `connections` loops, each replaying the plans round-robin for `seconds`; latency per replay. */
async function bare(planIds: number[], connections: number, seconds: number) {
  const samples: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const plan = plans[planIds[next++ % planIds.length]];
        const t0 = performance.now();
        try {
          await capture.replay(plan);
          samples.push(performance.now() - t0);
        } catch {
          errors++;
        }
      }
    }),
  );
  return { samplesMs: samples, errors, seconds: (performance.now() - started) / 1000 };
}

/**
 * The HTTP floor: a plain node:http server that answers every request by replaying the next plan
 * and sending its rows as JSON — no routing, auth, validation, hooks or headers of our own. What it
 * reaches is what this machine allows any HTTP API that runs that SQL, so ours/floor is the app's
 * own overhead and floor/bare the price of HTTP and the load generator.
 */
let floorPlans: number[] = [];
let floorNext = 0;
const floor = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    capture.replay(plans[floorPlans[floorNext++ % floorPlans.length]]).then(
      (result) => {
        const body = JSON.stringify((result as { rows?: unknown[] } | undefined)?.rows ?? null);
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      },
      (err: unknown) => {
        res.writeHead(500);
        res.end(String(err));
      },
    );
  });
});
await new Promise<void>((resolve) => floor.listen(0, '127.0.0.1', resolve));
const floorPort = (floor.address() as AddressInfo).port;

async function handleRequest(msg: Request): Promise<unknown> {
  switch (msg.type) {
    case 'sql':
      return rowsOf(await handle.db.execute(sql.raw(msg.text)));
    case 'record-start':
      capture.start();
      return null;
    case 'record-stop': {
      const plan = capture.stop();
      plans.push(plan);
      return { planId: plans.length - 1, steps: plan.map((s) => ({ kind: s.kind, texts: s.texts })) };
    }
    case 'bare':
      return bare(msg.plans, msg.connections, msg.seconds);
    case 'cpu': {
      const { user, system } = process.cpuUsage();
      return user + system;
    }
    case 'floor':
      floorPlans = msg.plans;
      floorNext = 0;
      return null;
    case 'close':
      floor.closeAllConnections();
      floor.close();
      await app.close();
      await closeBare();
      await handle.close();
      setImmediate(() => process.exit(0));
      return null;
  }
}

process.on('message', (msg: Request) => {
  handleRequest(msg).then(
    (result) => process.send?.({ id: msg.id, ok: true, result }),
    (err: unknown) => process.send?.({ id: msg.id, ok: false, error: err instanceof Error ? err.stack : String(err) }),
  );
});
process.send?.({ type: 'ready', port, floorPort, kind: handle.kind, poolSize: config.dbPoolSize });
