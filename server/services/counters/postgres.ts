/** The counters in PostgreSQL (or PGlite): one row per key, upserted in one statement. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { counters } from '../../db/schema';
import type { Count, CounterStore } from './index';

/** One increment in this many deletes a bounded batch of ended windows: the table holds live keys only. */
const PURGE_EVERY = 50;
const PURGE_BATCH = 200;

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

export function createPostgresCounters(db: Db): CounterStore {
  const purge = async () => {
    await db.execute(sql`delete from ${counters} where ${counters.key} in
      (select ${counters.key} from ${counters} where ${counters.expiresAt} <= now() limit ${PURGE_BATCH})`);
  };
  return {
    kind: 'postgres',
    async increment(key, ttlMs) {
      const now = Date.now();
      const expires = new Date(now + ttlMs).toISOString();
      // One statement: concurrent increments on any instance serialise on the row, none is lost.
      const result = await db.execute(sql`
        insert into ${counters} (key, count, expires_at) values (${key}, 1, ${expires}::timestamptz)
        on conflict (key) do update set
          count = case when ${counters.expiresAt} <= ${new Date(now).toISOString()}::timestamptz then 1 else ${counters.count} + 1 end,
          expires_at = case when ${counters.expiresAt} <= ${new Date(now).toISOString()}::timestamptz then excluded.expires_at else ${counters.expiresAt} end
        returning count, expires_at`);
      const [row] = rowsOf<{ count: number; expires_at: string | Date }>(result);
      if (Math.random() * PURGE_EVERY < 1) purge().catch(() => undefined);
      return { count: Number(row.count), expiresAt: new Date(row.expires_at).getTime() };
    },
    async get(key) {
      const [row] = await db.select().from(counters).where(eq(counters.key, key)).limit(1);
      if (!row || row.expiresAt.getTime() <= Date.now()) return null;
      return { count: row.count, expiresAt: row.expiresAt.getTime() } satisfies Count;
    },
    async reset(key) {
      await db.delete(counters).where(eq(counters.key, key));
    },
    async close() {},
  };
}
