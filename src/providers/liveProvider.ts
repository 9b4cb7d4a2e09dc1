/**
 * Refine's liveProvider over GET /live/events (issue 18): ONE server-sent event stream per tab,
 * opened when the first subscription starts and closed when the last one ends or the session does.
 * Read with fetch (the bearer token goes in a header, which EventSource cannot send). A dropped
 * stream reconnects with a growing, jittered delay; a stream silent past two heartbeats is treated
 * as dropped (a proxy that cut it without saying so). A 401/403 or the server's `end` stops it.
 *
 * Events reach subscribers of the `resources/shares` channel as Refine LiveEvents: `updated` with
 * `payload.ids = [contractNumber]` and who changed it, or `payload.many` when many shares changed.
 */
import type { LiveEvent, LiveProvider } from '@refinedev/core';
import { API, LIVE_EVENTS, LIVE_HEARTBEAT_MS, type LiveShareEvent } from '../domain';
import { apiBaseUrl } from './apiBase';
import { readToken } from './session';

export const SHARES_CHANNEL = 'resources/shares';

const BACKOFF = { firstMs: 1_000, maxMs: 30_000 } as const;
/** Two missed heartbeats and some slack: the stream is gone even if the socket says nothing. */
const SILENCE_MS = 2 * LIVE_HEARTBEAT_MS + 5_000;

interface Subscription {
  channel: string;
  types: string[];
  callback: (event: LiveEvent) => void;
}

const subscriptions = new Set<Subscription>();
let controller: AbortController | null = null;
let reconnect: ReturnType<typeof setTimeout> | null = null;
let failures = 0;
let closing: ReturnType<typeof setTimeout> | null = null;
const CLOSE_GRACE_MS = 2_000;
/**
 * The token the server refused or ended the stream of (401/403, `end` at logout): never asked again,
 * so a new sign-in (a new token) listens again with nothing to reset, and a logout (no token) stops.
 */
let refusedToken: string | null = null;
let currentToken: string | null = null;

const deliver = (event: LiveEvent) => {
  for (const s of subscriptions) if (s.channel === event.channel && (s.types.includes('*') || s.types.includes(event.type))) s.callback(event);
};

const onFrame = (name: string, data: unknown) => {
  if (name === 'ready') {
    failures = 0;
    return;
  }
  if (name === LIVE_EVENTS.share) {
    const e = data as LiveShareEvent;
    deliver({ channel: SHARES_CHANNEL, type: 'updated', payload: { ids: [e.contractNumber], ...e }, date: new Date() });
  } else if (name === LIVE_EVENTS.many) {
    deliver({ channel: SHARES_CHANNEL, type: 'updated', payload: { ids: [], many: true, ...(data as object) }, date: new Date() });
  } else if (name === LIVE_EVENTS.end) {
    refusedToken = currentToken;
  }
};

/** Parses `event:`/`data:` frames out of the text read so far; answers what is left of an unfinished one. */
export const readFrames = (buffer: string, onEvent: (name: string, data: unknown) => void): string => {
  let rest = buffer.replace(/\r\n/g, '\n');
  let cut: number;
  while ((cut = rest.indexOf('\n\n')) >= 0) {
    const chunk = rest.slice(0, cut);
    rest = rest.slice(cut + 2);
    let name = 'message';
    const data: string[] = [];
    for (const line of chunk.split('\n')) {
      if (line.startsWith('event:')) name = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (data.length === 0) continue;
    try {
      onEvent(name, JSON.parse(data.join('\n')));
    } catch {
      // A frame that is not JSON is not one of ours.
    }
  }
  return rest;
};

const schedule = () => {
  if (subscriptions.size === 0 || reconnect || !readToken() || readToken() === refusedToken) return;
  const delay = Math.min(BACKOFF.maxMs, BACKOFF.firstMs * 2 ** failures) * (0.75 + Math.random() * 0.5);
  failures++;
  reconnect = setTimeout(() => {
    reconnect = null;
    open();
  }, delay);
};

function open(): void {
  if (controller || subscriptions.size === 0) return;
  const token = readToken();
  if (!token || token === refusedToken) return;
  currentToken = token;
  const own = new AbortController();
  controller = own;
  let silence: ReturnType<typeof setTimeout> | null = null;
  const watch = () => {
    if (silence) clearTimeout(silence);
    silence = setTimeout(() => own.abort(), SILENCE_MS);
  };
  void (async () => {
    try {
      watch();
      const res = await fetch(`${apiBaseUrl()}${API.live.events.path}`, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
        cache: 'no-store',
        signal: own.signal,
      });
      // The session is gone or may not hear of shares: asking again would only be refused again.
      if (res.status === 401 || res.status === 403) {
        refusedToken = token;
        return;
      }
      if (!res.ok || !res.body) return;
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        watch();
        buffer = readFrames(buffer + decoder.decode(value, { stream: true }), onFrame);
      }
    } catch {
      // Dropped, aborted or unreachable: the reconnect below decides.
    } finally {
      if (silence) clearTimeout(silence);
      if (controller === own) controller = null;
      schedule();
    }
  })();
}

export const liveProvider: LiveProvider = {
  subscribe: ({ channel, types, callback }) => {
    const subscription: Subscription = { channel, types, callback };
    subscriptions.add(subscription);
    open();
    return subscription;
  },
  unsubscribe: (subscription: Subscription) => {
    subscriptions.delete(subscription);
    if (subscriptions.size > 0) return;
    // Nobody listens: the stream closes (a page without live parts opens none), after a moment, so
    // going from a list to a share (one unsubscribes, the other subscribes) keeps the same stream.
    if (closing) clearTimeout(closing);
    closing = setTimeout(() => {
      closing = null;
      if (subscriptions.size > 0) return;
      if (reconnect) clearTimeout(reconnect);
      reconnect = null;
      controller?.abort();
      controller = null;
    }, CLOSE_GRACE_MS);
  },
};
