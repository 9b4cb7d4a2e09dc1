/** GET /player/list: buyers on the platform. Player files come in a later issue. */
import { asc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import type { ListResponse, PlayerItem } from '../../src/domain/shareList';
import { players } from '../db/schema';
import { defineRoute } from '../http/route';
import { listResponse, paginationQuery } from '../http/schemas';

const playerItem = {
  type: 'object',
  properties: { playerId: { type: 'integer' }, name: { type: 'string' }, document: { type: 'string' }, enabled: { type: 'boolean' } },
  required: ['playerId', 'name', 'document', 'enabled'],
} as const;

export default async function playerRoutes(app: FastifyInstance): Promise<void> {
  defineRoute<{ Querystring: { page: number; limit: number } }>(app, API.player.list, {
    schema: {
      tags: ['player'],
      summary: 'Players',
      querystring: { type: 'object', properties: { ...paginationQuery }, additionalProperties: false },
      response: { 200: listResponse(playerItem) },
    },
    handler: async (request): Promise<ListResponse<PlayerItem>> => {
      const { page, limit } = request.query;
      const [data, [{ total }]] = await Promise.all([
        app.db
          .select({ playerId: players.id, name: players.name, document: players.document, enabled: players.enabled })
          .from(players)
          .orderBy(asc(players.name), asc(players.id))
          .limit(limit)
          .offset((page - 1) * limit),
        app.db.select({ total: sql<number>`count(*)::int` }).from(players),
      ]);
      return { data, total: Number(total), page, limit };
    },
  });
}
