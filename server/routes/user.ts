/** User calls: login (public) and the user list. The password flows land here in a later issue. */
import { asc, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import { PROFILES, type Profile } from '../../src/domain/profiles';
import type { ListResponse, UserItem } from '../../src/domain/shareList';
import { users } from '../db/schema';
import { HttpError, MESSAGES } from '../http/errors';
import { defineRoute } from '../http/route';
import { listResponse, paginationQuery } from '../http/schemas';
import { createLoginService } from '../services/login';

const tags = ['user'];

const loginBody = {
  type: 'object',
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 254, description: 'The e-mail.' },
    // Capped so that a huge body cannot make the password hasher the bottleneck.
    password: { type: 'string', minLength: 1, maxLength: 256 },
  },
  required: ['username', 'password'],
  additionalProperties: false,
} as const;

const loginResponse = {
  type: 'object',
  properties: {
    token: { type: 'string', description: 'HS256 JWT; claims exactly SPEC §3.' },
    firstAccess: { type: 'boolean', description: 'The password must be changed before anything else.' },
  },
  required: ['token', 'firstAccess'],
} as const;

const userItem = {
  type: 'object',
  properties: {
    userId: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    email: { type: 'string' },
    profile: { type: 'string' },
    admId: { type: ['integer', 'null'] },
    fundId: { type: ['integer', 'null'] },
    lastAccess: { type: ['string', 'null'], format: 'date-time' },
  },
  required: ['userId', 'name', 'email', 'profile', 'admId', 'fundId', 'lastAccess'],
} as const;

export default async function userRoutes(app: FastifyInstance): Promise<void> {
  const loginService = createLoginService(app.db, app.config);
  const { max, windowMs } = app.config.loginRateLimit;

  defineRoute<{ Body: { username: string; password: string } }>(app, API.user.login, {
    schema: {
      tags,
      summary: 'Sign in with e-mail and password',
      description:
        'A wrong e-mail and a wrong password give the same 401 "Invalid credentials". A right password that expired gives 401 ' +
        `"Password has expired". ${app.config.loginLockout.maxFailures} consecutive failures lock the account for ` +
        `${app.config.loginLockout.lockMs / 60_000} minutes (429 "Too many attempts"); more than ${max} attempts a minute ` +
        'for one e-mail from one address give 429 "Too many requests".',
      body: loginBody,
      response: { 200: loginResponse },
    },
    config: {
      rateLimit: {
        max,
        timeWindow: windowMs,
        // After body validation, so the key can include the username.
        hook: 'preHandler',
        keyGenerator: (request: FastifyRequest) => `${request.ip}|${String((request.body as { username?: unknown })?.username ?? '').trim().toLowerCase()}`,
        errorResponseBuilder: () => new HttpError(429, MESSAGES.tooManyRequests),
      },
    },
    handler: async (request) => loginService.login(request.body.username, request.body.password),
  });

  defineRoute<{ Querystring: { profile?: Profile; page: number; limit: number } }>(app, API.user.list, {
    schema: {
      tags,
      summary: 'Users, optionally of one profile',
      querystring: {
        type: 'object',
        properties: { profile: { type: 'string', enum: PROFILES }, ...paginationQuery },
        additionalProperties: false,
      },
      response: { 200: listResponse(userItem) },
    },
    handler: async (request): Promise<ListResponse<UserItem>> => {
      const { profile, page, limit } = request.query;
      // profiles[1] is the profile (SPEC §6) and has its own index.
      const where = profile ? sql`${users.profiles}[1] = ${profile}` : undefined;
      const [rows, [{ total }]] = await Promise.all([
        app.db
          .select({
            userId: users.id,
            name: users.name,
            email: users.email,
            profiles: users.profiles,
            admId: users.admId,
            fundId: users.fundId,
            lastAccess: users.lastAccess,
          })
          .from(users)
          .where(where)
          .orderBy(asc(users.name), asc(users.id))
          .limit(limit)
          .offset((page - 1) * limit),
        app.db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
      ]);
      return {
        data: rows.map(({ profiles, lastAccess, ...u }) => ({ ...u, profile: profiles[0] ?? '', lastAccess: lastAccess?.toISOString() ?? null })),
        total: Number(total),
        page,
        limit,
      };
    },
  });
}
