/**
 * The counters in Redis (REDIS_URL). An increment is one Lua script, so the count and the window's
 * start cannot be split by a concurrent increment or a crash between two commands.
 */
import { Redis } from 'ioredis';
import type { CounterStore } from './index';

const PREFIX = 'repasse:counter:';

// A key left without an expiry (written by hand, or by an interrupted older version) would count forever.
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

export function createRedisCounters(url: string): CounterStore {
  const redis = new Redis(url, {
    // A request fails (503) after a short wait rather than queueing for as long as Redis is away.
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    enableOfflineQueue: true,
  });
  // An unheard 'error' would end the process; each command's own failure reaches its caller.
  redis.on('error', () => {});
  return {
    kind: 'redis',
    async increment(key, ttlMs) {
      const now = Date.now();
      const [count, ttl] = (await redis.eval(INCREMENT, 1, PREFIX + key, String(Math.max(1, Math.ceil(ttlMs))))) as [number, number];
      return { count, expiresAt: now + ttl };
    },
    async get(key) {
      const now = Date.now();
      const [[, value], [, ttl]] = (await redis.multi().get(PREFIX + key).pttl(PREFIX + key).exec()) as [[null, string | null], [null, number]];
      if (value === null || ttl === -2) return null;
      return { count: Number(value), expiresAt: ttl < 0 ? Number.MAX_SAFE_INTEGER : now + ttl };
    },
    async reset(key) {
      await redis.del(PREFIX + key);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
