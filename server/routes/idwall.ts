/** The identity risk report (flag riskReportEnabled): built from the share's people, no outside call. */
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import { defineRoute, userOf } from '../http/route';
import { riskReport } from '../services/riskReport';
import { riskReportSchema, shareIdQuery } from './workspaceSchemas';

export default async function idwallRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, API.idwall.getReport, {
    schema: {
      tags: ['share'],
      summary: "Identity risk report of the share's signers",
      description: 'Deterministic: the same people always give the same report. 403 while riskReportEnabled is off.',
      querystring: shareIdQuery,
      response: { 200: riskReportSchema },
    },
    handler: async (request) => riskReport(app.db, app.config.featureFlags, userOf(request), request.query.shareId),
  });
}
