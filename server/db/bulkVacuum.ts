/**
 * The embedded PGlite runs PostgreSQL in single-user mode: no autovacuum worker ever runs. A bulk
 * move rewrites thousands of share rows and adds as many history rows, leaving the old row versions
 * dead and the planner's statistics stale, so lists slow down and the data directory grows with
 * every bulk call. After bulk work this runs what autovacuum would: VACUUM (ANALYZE) of the tables a
 * move writes, once the bulk calls have paused for a moment (a burst of calls pays for one vacuum).
 *
 * PostgreSQL proper has autovacuum; this is registered for PGlite only (server/app.ts).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_BASE_PATH } from '../../src/domain/constants';

/** Shares moved by bulk calls before a vacuum is due. */
export const BULK_VACUUM_MIN_SHARES = 100;
/** Quiet time after the last bulk call before the vacuum starts. */
export const BULK_VACUUM_DELAY_MS = 1_000;
const TABLES = ['shares', 'share_history', 'process_status_history', 'proposals', 'files'];

/** How many shares a bulk action call names (an array of ids); 0 for anything else. */
function bulkSizeOf(request: FastifyRequest): number {
  if (!request.url.startsWith(`${API_BASE_PATH}/actions/`)) return 0;
  const body = request.body as { shareIds?: unknown; shareId?: unknown } | undefined;
  const ids = Array.isArray(body?.shareIds) ? body.shareIds : Array.isArray(body?.shareId) ? body.shareId : null;
  return ids ? ids.length : 0;
}

export function registerBulkVacuum(app: FastifyInstance, options: { minShares?: number; delayMs?: number } = {}): void {
  const minShares = options.minShares ?? BULK_VACUUM_MIN_SHARES;
  const delayMs = options.delayMs ?? BULK_VACUUM_DELAY_MS;
  let pending = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;

  const vacuum = async () => {
    const shares = pending;
    pending = 0;
    const started = Date.now();
    try {
      await app.db.execute(sql.raw(`VACUUM (ANALYZE) ${TABLES.join(', ')}`));
      app.log.info({ shares, ms: Date.now() - started }, 'vacuum after bulk work');
    } catch (err) {
      app.log.warn({ err }, 'vacuum after bulk work failed');
    }
  };

  app.addHook('onResponse', async (request, reply) => {
    if (closed || reply.statusCode !== 200) return;
    const n = bulkSizeOf(request);
    if (n < 2) return;
    pending += n;
    if (pending < minShares) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = (running ?? Promise.resolve()).then(vacuum);
    }, delayMs);
    timer.unref();
  });

  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
    await running;
  });
}
