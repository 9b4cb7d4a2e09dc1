/** Assertions every API test shares: the error shape and the SPEC §8 catalogue. */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { matchErrorMessage } from '../../../src/domain/errorCatalogue';

/** Body keys an error may carry besides message: `errors` per field, and save_config's `problems` (issue 13). */
const ERROR_KEYS = ['message', 'errors', 'problems'];

/** The answer is `{ message, errors? }` with this status, and the app's catalogue recognises it. */
export function expectError(res: LightMyRequestResponse, status: number, message?: string | RegExp): { message: string; errors?: Record<string, string> } {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { message: string; errors?: Record<string, string> };
  expect(Object.keys(body).every((k) => ERROR_KEYS.includes(k)), res.body).toBe(true);
  expect(typeof body.message).toBe('string');
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
  expect(matchErrorMessage(body.message).kind, `"${body.message}" is not in the catalogue`).toBe('catalogue');
  return body;
}

export function expectOk<T = unknown>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}
