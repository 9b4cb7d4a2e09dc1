/**
 * Share administration calls of SPEC §7: the cancellation history of a share and its transfer
 * responsible (an operator, picked from GET /user/list?profile=operator).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import { profileOf } from '../../src/domain/profiles';
import type { ActionResult, CancellationEntry } from '../../src/domain/workspace';
import { cancelReasons, cancellations, shareHistory, shares, users } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { defineRoute, userOf } from '../http/route';
import { dateTime } from '../http/schemas';
import { getShareById } from '../services/shares';
import { isUuid } from '../services/shareWorkflow';
import { scopeOf, shareScopeCondition } from '../services/tenant';
import { SHARE_STATES } from '../../src/domain/shareStates';
import { shareDetailSchema } from './shareSchemas';

const tags = ['share'];
const uuid = { type: 'string', format: 'uuid' } as const;

export default async function shareAdminRoutes(app: FastifyInstance): Promise<void> {
  defineRoute<{ Querystring: { shareId: string } }>(app, API.share.cancellationHistory, {
    schema: {
      tags,
      summary: 'Cancellations of a share, newest first',
      querystring: { type: 'object', properties: { shareId: uuid }, required: ['shareId'] },
      response: {
        200: {
          type: 'object',
          properties: {
            data: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  id: { type: 'string' },
                  reasonId: { type: 'string' },
                  reason: { type: 'string' },
                  detail: { type: ['string', 'null'] },
                  fromState: { type: 'string', enum: SHARE_STATES },
                  user: { type: ['object', 'null'], properties: { userId: { type: 'string' }, name: { type: 'string' } }, required: ['userId', 'name'] },
                  at: dateTime,
                },
                required: ['id', 'reasonId', 'reason', 'detail', 'fromState', 'user', 'at'],
              },
            },
          },
          required: ['data'],
        },
      },
    },
    handler: async (request): Promise<{ data: CancellationEntry[] }> => {
      const user = userOf(request);
      const [share] = await app.db.select({ id: shares.id }).from(shares).where(and(eq(shares.id, request.query.shareId), shareScopeCondition(scopeOf(user)))).limit(1);
      if (!share) throw notFound('Share');
      const rows = await app.db
        .select({
          id: cancellations.id,
          reasonId: cancellations.reasonId,
          reason: sql<string>`coalesce(${cancelReasons.label}, ${cancellations.reasonId})`,
          detail: cancellations.detail,
          fromState: cancellations.fromState,
          userId: cancellations.userId,
          userName: users.name,
          at: cancellations.at,
        })
        .from(cancellations)
        .leftJoin(cancelReasons, eq(cancelReasons.id, cancellations.reasonId))
        .leftJoin(users, eq(users.id, cancellations.userId))
        .where(eq(cancellations.shareId, share.id))
        .orderBy(desc(cancellations.at), desc(cancellations.id));
      return {
        data: rows.map((r) => ({
          id: r.id,
          reasonId: r.reasonId,
          reason: r.reason,
          detail: r.detail,
          fromState: r.fromState,
          user: r.userId ? { userId: r.userId, name: r.userName ?? '' } : null,
          at: r.at.toISOString(),
        })),
      };
    },
  });

  defineRoute<{ Body: { shareId: string; responsibleId: string } }>(app, API.share.transferResponsibleSave, {
    schema: {
      tags,
      summary: 'Set the operator responsible for the transfer of a share',
      body: { type: 'object', properties: { shareId: uuid, responsibleId: uuid }, required: ['shareId', 'responsibleId'], additionalProperties: false },
      response: { 200: { type: 'object', properties: { share: shareDetailSchema }, required: ['share'] } },
    },
    handler: async (request): Promise<ActionResult> => {
      const user = userOf(request);
      const { shareId, responsibleId } = request.body;
      if (!isUuid(shareId)) throw notFound('Share');
      const [responsible] = await app.db.select().from(users).where(eq(users.id, responsibleId)).limit(1);
      if (!responsible || profileOf(responsible) !== 'operator') throw badRequest('Invalid responsible', { responsibleId: 'Invalid responsible' });
      await app.db.transaction(async (tx) => {
        const [share] = await tx
          .select({ id: shares.id, state: shares.state, current: shares.transferResponsibleId })
          .from(shares)
          .where(and(eq(shares.id, shareId), shareScopeCondition(scopeOf(user))))
          .for('update');
        if (!share) throw notFound('Share');
        if (share.current === responsibleId) return;
        await tx.update(shares).set({ transferResponsibleId: responsibleId, updatedAt: sql`now()` }).where(eq(shares.id, share.id));
        await tx.insert(shareHistory).values({
          shareId: share.id,
          action: 'transfer_responsible_save',
          fromState: share.state,
          toState: share.state,
          userId: user.id,
          note: responsible.name,
        });
      });
      return { share: await getShareById(app.db, scopeOf(user), shareId) };
    },
  });
}
