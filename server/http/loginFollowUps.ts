/**
 * The reads a login carries (src/domain/loginFollowUps.ts), made as the session the login just
 * issued. Each goes through the whole API as any request would (`inject`: the auth hook, the
 * permission matrix, validation, serialization), from the login's client address and host, so it
 * can do nothing the new session could not do by asking itself; a refusal is answered as its
 * status alone. They run together (the answer waits for the slowest, not for their sum), within
 * LOGIN_FOLLOW_UPS_BUDGET_MS: the session exists already, and a login that hangs on a slow
 * read would only be given up on and tried again, making another. A read not answered in time, or
 * not made at all (the server is closing), is a 503: the client asks for it itself.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_BASE_PATH } from '../../src/domain/constants';
import { LOGIN_FOLLOW_UPS_BUDGET_MS, type LoginFollowUpAnswer } from '../../src/domain/loginFollowUps';

const NOT_MADE: LoginFollowUpAnswer = { status: 503 };

export async function answerLoginFollowUps(
  app: FastifyInstance & { lifecycle?: { draining: boolean } },
  request: FastifyRequest,
  token: string,
  urls: readonly string[],
  budgetMs: number = LOGIN_FOLLOW_UPS_BUDGET_MS,
): Promise<LoginFollowUpAnswer[]> {
  if (budgetMs <= 0 || app.lifecycle?.draining) return urls.map(() => NOT_MADE);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<LoginFollowUpAnswer>((resolve) => (timer = setTimeout(resolve, budgetMs, NOT_MADE)));
  const make = (url: string) =>
    app
      .inject({
        method: 'GET',
        url: `${API_BASE_PATH}${url}`,
        remoteAddress: request.ip,
        headers: { host: request.host, authorization: `Bearer ${token}`, accept: 'application/json' },
      })
      .then((res): LoginFollowUpAnswer => (res.statusCode === 200 ? { status: 200, body: res.json() } : { status: res.statusCode }))
      // A server that began closing refuses to inject: the login still stands.
      .catch((): LoginFollowUpAnswer => NOT_MADE);
  try {
    return await Promise.all(urls.map((url) => Promise.race([make(url), late])));
  } finally {
    clearTimeout(timer);
  }
}
