/** Share calls of SPEC §7 that read: the lists of DESIGN §4, one share and its process status. */
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import type { CanceledReason, ListResponse, ShareSortField, SortOrder } from '../../src/domain/shareList';
import { cancelReasons } from '../db/schema';
import { defineRoute, userOf } from '../http/route';
import { type AdministratorOptionsQuery, listAdministratorOptions } from '../services/administratorOptions';
import { parseShareFilters } from '../services/shareFilters';
import { type ShareListKind, getShare, getShareStatus, listShares } from '../services/shares';
import { scopeOf } from '../services/tenant';
import {
  administratorOptionsQuery,
  administratorOptionsResponse,
  canceledReasonListResponse,
  contractNumberQuery,
  shareDetailSchema,
  shareListQuerySchema,
  shareListResponse,
  shareStatusSchema,
} from './shareSchemas';

interface ListQuery {
  page: number;
  limit: number;
  filters?: string;
  sort: ShareSortField;
  order?: SortOrder;
  cursor?: string;
}

const tags = ['share'];

export default async function shareRoutes(app: FastifyInstance): Promise<void> {
  const listRoute = (endpoint: (typeof API.share)[keyof typeof API.share], kind: ShareListKind, summary: string) =>
    defineRoute<{ Querystring: ListQuery }>(app, endpoint, {
      schema: { tags, summary, querystring: shareListQuerySchema, response: { 200: shareListResponse } },
      handler: async (request) => {
        const { page, limit, sort, order } = request.query;
        const filters = parseShareFilters(request.query.filters);
        return listShares(app.db, kind, scopeOf(userOf(request)), {
          page,
          limit,
          filters,
          sort,
          order: order ?? (sort === 'updatedAt' ? 'desc' : 'asc'),
          cursor: request.query.cursor,
        });
      },
    });

  listRoute(API.share.list, 'all', 'Shares the user may see (/listagem, /pendencias)');
  listRoute(API.share.transferList, 'transfer', 'Shares in transfer (/transferencia)');
  listRoute(API.share.canceledList, 'canceled', 'Shares whose sale was cancelled, with the reason (/canceladas)');

  defineRoute(app, API.share.canceledReasonList, {
    schema: { tags, summary: 'Reasons a sale can be cancelled with', response: { 200: canceledReasonListResponse } },
    handler: async (): Promise<ListResponse<CanceledReason>> => {
      const data = await app.db.select({ id: cancelReasons.id, label: cancelReasons.label }).from(cancelReasons).orderBy(asc(cancelReasons.label));
      return { data, total: data.length, page: 1, limit: Math.max(data.length, 1) };
    },
  });

  defineRoute<{ Querystring: AdministratorOptionsQuery }>(app, API.share.administratorOptions, {
    schema: {
      tags,
      summary: "Administrators the user's shares may be of (the share lists' Administradora filter)",
      querystring: administratorOptionsQuery,
      response: { 200: administratorOptionsResponse },
    },
    handler: async (request) => listAdministratorOptions(app.db, scopeOf(userOf(request)), request.query),
  });

  defineRoute<{ Querystring: { contractNumber: string } }>(app, API.share.get, {
    schema: { tags, summary: 'One share by contract number', querystring: contractNumberQuery, response: { 200: shareDetailSchema } },
    handler: async (request) => getShare(app.db, scopeOf(userOf(request)), request.query.contractNumber.trim()),
  });

  defineRoute<{ Querystring: { contractNumber: string } }>(app, API.share.statusGet, {
    schema: { tags, summary: 'Process status of a share', querystring: contractNumberQuery, response: { 200: shareStatusSchema } },
    handler: async (request) => getShareStatus(app.db, scopeOf(userOf(request)), request.query.contractNumber.trim()),
  });
}

