/** GET /fund/list: the funds that buy shares. */
import { asc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import type { FundItem, ListResponse } from '../../src/domain/shareList';
import { funds } from '../db/schema';
import { defineRoute } from '../http/route';
import { listResponse, paginationQuery } from '../http/schemas';

const fundItem = {
  type: 'object',
  properties: { fundId: { type: 'integer' }, name: { type: 'string' }, cnpj: { type: 'string' } },
  required: ['fundId', 'name', 'cnpj'],
} as const;

export default async function fundRoutes(app: FastifyInstance): Promise<void> {
  defineRoute<{ Querystring: { page: number; limit: number } }>(app, API.fund.list, {
    schema: {
      tags: ['fund'],
      summary: 'Funds',
      querystring: { type: 'object', properties: { ...paginationQuery }, additionalProperties: false },
      response: { 200: listResponse(fundItem) },
    },
    handler: async (request): Promise<ListResponse<FundItem>> => {
      const { page, limit } = request.query;
      const [data, [{ total }]] = await Promise.all([
        app.db
          .select({ fundId: funds.id, name: funds.name, cnpj: funds.cnpj })
          .from(funds)
          .orderBy(asc(funds.name), asc(funds.id))
          .limit(limit)
          .offset((page - 1) * limit),
        app.db.select({ total: sql<number>`count(*)::int` }).from(funds),
      ]);
      return { data, total: Number(total), page, limit };
    },
  });
}
