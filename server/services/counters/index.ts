/**
 * Counters every API instance must agree on: login throttles, per-address limits and the route rate
 * limits (docs/security.md, "Brute force and counters across instances"). A counter kept in one
 * process would let a client that is throttled on one instance start afresh on the next, and would
 * answer differently for the same e-mail depending on which instance a request reached.
 *
 * PostgreSQL by default (the `counters` table, PGlite included), Redis when REDIS_URL is set.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import { createPostgresCounters } from './postgres';
import { createRedisCounters } from './redis';

export interface Count {
  count: number;
  /** Epoch ms when the window ends and the counter starts again. */
  expiresAt: number;
}

export interface CounterStore {
  readonly kind: 'postgres' | 'redis';
  /**
   * One more in the key's window. The first increment (or the first after the window ended) opens a
   * window of `ttlMs`; later ones do not extend it.
   */
  increment(key: string, ttlMs: number): Promise<Count>;
  /** The live count, or null when the key was never counted or its window ended. */
  get(key: string): Promise<Count | null>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createCounterStore(db: Db, redisUrl: string | null): CounterStore {
  return redisUrl ? createRedisCounters(redisUrl) : createPostgresCounters(db);
}

/**
 * A key's identity part as stored: a digest, so the table (or Redis) holds no typed e-mails, nor the
 * password a user once typed into the e-mail field.
 */
export const counterKey = (kind: string, ...parts: string[]): string =>
  `${kind}:${createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 32)}`;
