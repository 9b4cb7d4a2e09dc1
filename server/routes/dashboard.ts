/** The home page's figures (issue 18): GET /dashboard/summary. */
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import { AUCTION_STATUSES } from '../../src/domain/enums';
import { SHARE_STATES } from '../../src/domain/shareStates';
import { DEFAULT_TIME_ZONE } from '../../src/domain/dashboard';
import { defineRoute, userOf } from '../http/route';
import { sharedDashboardSummary } from '../services/dashboard';

const bounded = { type: 'object', required: ['count', 'exact'], properties: { count: { type: 'integer' }, exact: { type: 'boolean' } } } as const;
const countOf = { count: { type: 'integer' }, exact: { type: 'boolean' } } as const;
const stateCounts = { type: 'array', items: { type: 'object', required: ['state', 'count', 'exact'], properties: { state: { type: 'string', enum: SHARE_STATES }, ...countOf } } } as const;
const stepCounts = { type: 'array', items: { type: 'object', required: ['step', 'count', 'exact'], properties: { step: { type: 'integer' }, ...countOf } } } as const;
const dayCounts = { type: 'array', items: { type: 'object', required: ['day', 'count'], properties: { day: { type: 'string' }, count: { type: 'integer' } } } } as const;
const kindCounts = { type: 'array', items: { type: 'object', required: ['kind', 'count'], properties: { kind: { type: 'string' }, count: { type: 'integer' } } } } as const;
const statusCounts = { type: 'array', items: { type: 'object', required: ['status', 'count'], properties: { status: { type: 'string', enum: AUCTION_STATUSES }, count: { type: 'integer' } } } } as const;

const summaryResponse = {
  type: 'object',
  required: ['total', 'byState', 'byStep', 'ageing', 'movesPerDay', 'pendenciesByKind', 'auctionsByStatus'],
  properties: {
    total: bounded,
    byState: stateCounts,
    byStep: stepCounts,
    ageing: {
      type: 'array',
      items: {
        type: 'object',
        required: ['state', 'buckets', 'oldest'],
        properties: {
          state: { type: 'string', enum: SHARE_STATES },
          buckets: { type: 'array', items: bounded },
          oldest: { type: 'array', items: { type: 'object', required: ['contractNumber', 'since'], properties: { contractNumber: { type: 'string' }, since: { type: 'string' } } } },
        },
      },
    },
    movesPerDay: dayCounts,
    pendenciesByKind: kindCounts,
    auctionsByStatus: statusCounts,
  },
} as const;

export default async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, API.dashboard.summary, {
    schema: {
      tags: ['dashboard'],
      summary: "The home page's figures, of the user's own shares and auctions",
      description:
        'Shares per state and per process step (bounded like the lists\' totals: exact: false is an estimate), ageing per state (days since the share entered it, in buckets 0–7, 8–30, 31–90, over 90, and the longest-waiting shares), ' +
        `moves per day over the last 30 days (days of tz, an IANA time zone, default ${DEFAULT_TIME_ZONE}), open pendencies by kind, auctions by status.`,
      querystring: { type: 'object', properties: { tz: { type: 'string', maxLength: 64 } }, additionalProperties: false },
      response: { 200: summaryResponse },
    },
    handler: async (request) => sharedDashboardSummary(app.db, userOf(request), request.query.tz),
  });
}
