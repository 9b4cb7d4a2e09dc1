/**
 * Live updates (issue 18). One hub per API instance: it listens on the database's channel (one
 * PostgreSQL connection, or PGlite in-process) once the first stream opens, and fans each committed
 * change out to the streams whose user may see that share (the tenant rules of server/services/tenant.ts).
 *
 * No storm: changes are gathered per stream and flushed at most every FLUSH_MS; more than MANY_AT
 * changes in one flush (a bulk move) become a single "many shares changed" event, which lists refresh
 * on request. Who made a change is named once per flush, from one query for all the streams.
 */
import { inArray } from 'drizzle-orm';
import { LIVE_EVENTS, LIVE_HEARTBEAT_MS, type LiveShareEvent } from '../../src/domain/audit';
import type { DatabaseHandle, Db } from '../db/client';
import { users } from '../db/schema';
import { LIVE_CHANNEL, type LiveNotice } from './liveNotify';
import type { Scope } from './tenant';

export const FLUSH_MS = 250;
export const MANY_AT = 20;

export interface LiveStream {
  userId: string;
  sessionId: string;
  scope: Scope;
  /** Writes one SSE frame; answers false when the client is gone. */
  write(frame: string): boolean;
  /** Ends the response. */
  end(): void;
  /** Is the session still good (not logged out, revoked or expired, the user not disabled)? */
  stillValid(): Promise<boolean>;
}

interface Entry {
  stream: LiveStream;
  pending: LiveNotice[];
  many: boolean;
  timer: NodeJS.Timeout | null;
  heartbeat: NodeJS.Timeout;
}

export const frame = (event: string, data: unknown): string => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

const visibleTo = (scope: Scope, n: LiveNotice): boolean => {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'adm':
      return n.a === scope.admId;
    case 'fund':
      return n.f !== null && n.f === scope.fundId;
    case 'none':
      return false;
  }
};

const parse = (payload: string): LiveNotice | null => {
  try {
    const n = JSON.parse(payload) as Partial<LiveNotice>;
    return typeof n.c === 'string' && typeof n.a === 'number' && typeof n.k === 'string'
      ? { c: n.c, a: n.a, f: typeof n.f === 'number' ? n.f : null, u: typeof n.u === 'string' ? n.u : null, k: n.k, s: typeof n.s === 'string' ? n.s : null }
      : null;
  } catch {
    return null;
  }
};

export interface LiveHubOptions {
  heartbeatMs?: number;
  flushMs?: number;
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

export function createLiveHub(handle: Pick<DatabaseHandle, 'listen'>, db: Db, options: LiveHubOptions = {}) {
  const heartbeatMs = options.heartbeatMs ?? LIVE_HEARTBEAT_MS;
  const flushMs = options.flushMs ?? FLUSH_MS;
  const entries = new Set<Entry>();
  let listening: Promise<(() => Promise<void>) | null> | null = null;
  let closed = false;

  const remove = (entry: Entry) => {
    if (!entries.delete(entry)) return;
    clearInterval(entry.heartbeat);
    if (entry.timer) clearTimeout(entry.timer);
    entry.stream.end();
  };

  const names = async (ids: string[]): Promise<Map<string, string>> => {
    if (ids.length === 0) return new Map();
    const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
    return new Map(rows.map((r) => [r.id, r.name]));
  };

  const flush = async (entry: Entry) => {
    entry.timer = null;
    if (!entries.has(entry)) return;
    const { pending, many } = entry;
    entry.pending = [];
    entry.many = false;
    let ok = true;
    if (many) {
      ok = entry.stream.write(frame(LIVE_EVENTS.many, { count: pending.length }));
    } else {
      // The latest change of each share is the one worth telling.
      const latest = new Map(pending.map((n) => [n.c, n]));
      const who = await names([...new Set([...latest.values()].flatMap((n) => (n.u ? [n.u] : [])))]).catch(() => new Map<string, string>());
      for (const n of latest.values()) {
        const event: LiveShareEvent = { contractNumber: n.c, action: n.k, state: n.s, by: { userId: n.u, name: n.u ? (who.get(n.u) ?? null) : null } };
        ok = entry.stream.write(frame(LIVE_EVENTS.share, event)) && ok;
      }
    }
    if (!ok) remove(entry);
  };

  const hear = (payload: string) => {
    const notice = parse(payload);
    if (!notice) return;
    for (const entry of entries) {
      if (!visibleTo(entry.stream.scope, notice)) continue;
      if (entry.many) {
        entry.pending.length++;
      } else {
        entry.pending.push(notice);
        if (entry.pending.length > MANY_AT) entry.many = true;
      }
      entry.timer ??= setTimeout(() => void flush(entry), flushMs);
    }
  };

  /** Notifications sent while the listener was away are lost: every stream is told to refresh. */
  let everConnected = false;
  const onState = (connected: boolean) => {
    options.log?.info({ connected }, 'live listener');
    if (!connected) return;
    const again = everConnected;
    everConnected = true;
    if (!again) return;
    for (const entry of entries) entry.stream.write(frame(LIVE_EVENTS.many, { count: 0, reconnected: true }));
  };

  const startListening = () => {
    if (listening || !handle.listen) return;
    listening = handle.listen(LIVE_CHANNEL, hear, onState).catch((err: unknown) => {
      options.log?.warn({ err }, 'live listener failed to start');
      listening = null;
      return null;
    });
  };

  return {
    /** Registers a stream: heartbeats keep proxies from closing it, and re-check the session each time. */
    add(stream: LiveStream): () => void {
      if (closed) {
        stream.end();
        return () => {};
      }
      startListening();
      const entry: Entry = {
        stream,
        pending: [],
        many: false,
        timer: null,
        heartbeat: setInterval(() => {
          void stream.stillValid().then(
            (valid) => {
              if (!valid) {
                stream.write(frame(LIVE_EVENTS.end, { reason: 'session' }));
                remove(entry);
              } else if (!stream.write(frame(LIVE_EVENTS.heartbeat, {}))) remove(entry);
            },
            () => stream.write(frame(LIVE_EVENTS.heartbeat, {})) || remove(entry),
          );
        }, heartbeatMs),
      };
      entries.add(entry);
      return () => remove(entry);
    },
    /** Ends the streams of a session at once (logout). */
    endSession(sessionId: string) {
      for (const entry of entries)
        if (entry.stream.sessionId === sessionId) {
          entry.stream.write(frame(LIVE_EVENTS.end, { reason: 'logout' }));
          remove(entry);
        }
    },
    get size() {
      return entries.size;
    },
    /** Ends every stream and stops listening (the server is closing or draining). */
    async close() {
      closed = true;
      for (const entry of [...entries]) remove(entry);
      const stop = await listening;
      listening = null;
      await stop?.();
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
