/**
 * The `Idempotency-Key` header of the share actions: a repeat answers the share as it is and writes
 * no second history entry; the same key with another call or other data is refused (422). The key
 * and what the request asks (its fingerprint) go to the service as plain values.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { invalid } from '../services/errors';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,128}$/;

/** The Idempotency-Key header, checked: 1–128 visible ASCII characters. */
export function requestKeyOf(request: Pick<FastifyRequest, 'headers'>): string | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!IDEMPOTENCY_KEY.test(key)) throw invalid('Invalid Idempotency-Key: 1 to 128 visible ASCII characters');
  return key;
}

/** JSON with object keys sorted at every level, so two equal bodies give one text whatever their key order. */
const canonicalJson = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonicalJson).join(',')}]`
    : value !== null && typeof value === 'object'
      ? `{${Object.keys(value)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : (JSON.stringify(value) ?? 'null');

/**
 * What a keyed request asks of each share: the call and its body without the share ids (the key is
 * stored per share, so a bulk repeat over a different selection still matches share by share).
 */
export function requestFingerprint(request: Pick<FastifyRequest, 'body' | 'routeOptions'>): string {
  const { shareId: _id, shareIds: _ids, ...rest } = (request.body ?? {}) as Record<string, unknown>;
  return createHash('sha256').update(`${request.routeOptions.url}\n${canonicalJson(rest)}`).digest('base64url');
}

/** The key and fingerprint of a request, for a service's input. */
export const idempotencyOf = (request: Pick<FastifyRequest, 'headers' | 'body' | 'routeOptions'>) => ({
  requestKey: requestKeyOf(request),
  requestHash: requestFingerprint(request),
});
