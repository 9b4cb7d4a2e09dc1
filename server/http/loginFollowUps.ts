/**
 * The reads a login carries (src/domain/loginFollowUps.ts), made as the session the login just
 * issued. Each goes through the whole API as any request would (`inject`: the auth hook, the
 * permission matrix, validation, serialization), from the login's client address and host, so it
 * can do nothing the new session could not do by asking itself; a refusal is answered as its
 * status alone. They run one after another: a login is one user's, and its reads are small pages.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_BASE_PATH } from '../../src/domain/constants';
import type { LoginFollowUpAnswer } from '../../src/domain/loginFollowUps';

export async function answerLoginFollowUps(app: FastifyInstance, request: FastifyRequest, token: string, urls: readonly string[]): Promise<LoginFollowUpAnswer[]> {
  const answers: LoginFollowUpAnswer[] = [];
  for (const url of urls) {
    const res = await app.inject({
      method: 'GET',
      url: `${API_BASE_PATH}${url}`,
      remoteAddress: request.ip,
      headers: { host: request.host, authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    answers.push(res.statusCode === 200 ? { status: 200, body: res.json() } : { status: res.statusCode });
  }
  return answers;
}
