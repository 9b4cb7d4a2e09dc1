/** Share calls of SPEC §7 that read: the lists of DESIGN §4, one share and its process status. */
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import { defineRoute, userOf } from '../http/route';
import { STATE_COUNT_LISTS } from '../../src/domain/dashboard';
import { listAdministratorOptions } from '../services/administratorOptions';
import { stateCountsFor } from '../services/shareStateCounts';
import { listCancelReasons } from '../services/shareAdmin';
import { type ShareListKind, getShare, getShareStatus, listSharesFor } from '../services/shares';
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

const boundedCount = {
  type: 'object',
  required: ['count', 'exact'],
  properties: { count: { type: 'integer' }, exact: { type: 'boolean' } },
} as const;

const stateCountsQuery = {
  type: 'object',
  properties: {
    list: { type: 'string', enum: STATE_COUNT_LISTS, default: 'all' },
    filters: shareListQuerySchema.properties.filters,
  },
  additionalProperties: false,
} as const;

const stateCountsResponse = {
  type: 'object',
  required: ['total', 'states'],
  properties: {
    total: boundedCount,
    states: {
      type: 'array',
      items: { type: 'object', required: ['state', 'count', 'exact'], properties: { state: { type: 'string' }, ...boundedCount.properties } },
    },
  },
} as const;

const tags = ['share'];

export default async function shareRoutes(app: FastifyInstance): Promise<void> {
  const listRoute = (endpoint: (typeof API.share)[keyof typeof API.share], kind: ShareListKind, summary: string) =>
    defineRoute(app, endpoint, {
      schema: { tags, summary, querystring: shareListQuerySchema, response: { 200: shareListResponse } },
      handler: async (request) => listSharesFor(app.db, kind, scopeOf(userOf(request)), request.query),
    });

  listRoute(API.share.list, 'all', 'Shares the user may see (/listagem, /pendencias)');
  listRoute(API.share.transferList, 'transfer', 'Shares in transfer (/transferencia)');
  listRoute(API.share.canceledList, 'canceled', 'Shares whose sale was cancelled, with the reason (/canceladas)');

  defineRoute(app, API.share.stateCounts, {
    schema: {
      tags,
      summary: "A share list's status tabs: its total and its count per state, with every other filter",
      description:
        'list: all (/listagem), transfer (/transferencia) or canceled (/canceladas, counted by the state at cancellation). ' +
        "filters: the list's own; its state is ignored. Each count is bounded as the list's total is (exact up to 1,000, 100 with q; else the estimate, exact: false).",
      querystring: stateCountsQuery,
      response: { 200: stateCountsResponse },
    },
    handler: async (request) => stateCountsFor(app.db, userOf(request), request.query.list, request.query.filters),
  });

  defineRoute(app, API.share.canceledReasonList, {
    schema: { tags, summary: 'Reasons a sale can be cancelled with', response: { 200: canceledReasonListResponse } },
    handler: async () => listCancelReasons(app.db),
  });

  defineRoute(app, API.share.administratorOptions, {
    schema: {
      tags,
      summary: "Administrators the user's shares may be of (the share lists' Administradora filter)",
      querystring: administratorOptionsQuery,
      response: { 200: administratorOptionsResponse },
    },
    handler: async (request) => listAdministratorOptions(app.db, scopeOf(userOf(request)), request.query),
  });

  defineRoute(app, API.share.get, {
    schema: { tags, summary: 'One share by contract number', querystring: contractNumberQuery, response: { 200: shareDetailSchema } },
    handler: async (request) => getShare(app.db, scopeOf(userOf(request)), request.query.contractNumber.trim()),
  });

  defineRoute(app, API.share.statusGet, {
    schema: { tags, summary: 'Process status of a share', querystring: contractNumberQuery, response: { 200: shareStatusSchema } },
    handler: async (request) => getShareStatus(app.db, scopeOf(userOf(request)), request.query.contractNumber.trim()),
  });
}

