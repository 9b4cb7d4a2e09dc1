/** GET /fund/list: the funds that buy shares, with the share lists' search and sort. */
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import { FUND_FILTER_KEYS, FUND_SORT_FIELDS, type FundSortField } from '../../src/domain/referenceLists';
import type { FundItem, ListResponse } from '../../src/domain/shareList';
import { funds } from '../db/schema';
import { defineRoute } from '../http/route';
import { listResponse } from '../http/schemas';
import { type ReferenceListQuery, orderBy, parseReferenceFilters, referenceListQuerySchema, searchCondition } from '../services/referenceLists';

const fundItem = {
  type: 'object',
  properties: { fundId: { type: 'integer' }, name: { type: 'string' }, cnpj: { type: 'string' } },
  required: ['fundId', 'name', 'cnpj'],
} as const;

const sortColumns: Record<FundSortField, AnyPgColumn> = { name: funds.name, cnpj: funds.cnpj };

export default async function fundRoutes(app: FastifyInstance): Promise<void> {
  defineRoute<{ Querystring: ReferenceListQuery }>(app, API.fund.list, {
    schema: {
      tags: ['fund'],
      summary: 'Funds',
      description: `\`filters\` keys: ${FUND_FILTER_KEYS.join(', ')} (search: name or CNPJ, accent-insensitive).`,
      querystring: referenceListQuerySchema(FUND_SORT_FIELDS),
      response: { 200: listResponse(fundItem) },
    },
    handler: async (request): Promise<ListResponse<FundItem>> => {
      const { page, limit } = request.query;
      const where = searchCondition(parseReferenceFilters(request.query.filters, FUND_FILTER_KEYS), [funds.name], funds.cnpj);
      const [data, [{ total }]] = await Promise.all([
        app.db
          .select({ fundId: funds.id, name: funds.name, cnpj: funds.cnpj })
          .from(funds)
          .where(where)
          .orderBy(...orderBy(sortColumns[(request.query.sort ?? 'name') as FundSortField], request.query.order ?? 'asc', funds.id))
          .limit(limit)
          .offset((page - 1) * limit),
        app.db.select({ total: sql<number>`count(*)::int` }).from(funds).where(where),
      ]);
      return { data, total: Number(total), page, limit };
    },
  });
}
