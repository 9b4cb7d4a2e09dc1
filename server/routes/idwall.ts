/** The identity risk report (flag riskReportEnabled): built from the share's people, no outside call. */
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import { HttpError } from '../http/errors';
import { defineRoute, userOf } from '../http/route';
import { riskReport } from '../services/riskReport';
import { riskReportSchema, shareIdQuery } from './workspaceSchemas';

export const RISK_REPORT_DISABLED = 'Permission denied: the risk report is disabled';

export default async function idwallRoutes(app: FastifyInstance): Promise<void> {
  defineRoute<{ Querystring: { shareId: string } }>(app, API.idwall.getReport, {
    schema: {
      tags: ['share'],
      summary: "Identity risk report of the share's signers",
      description: 'Deterministic: the same people always give the same report. 403 while riskReportEnabled is off.',
      querystring: shareIdQuery,
      response: { 200: riskReportSchema },
    },
    handler: async (request) => {
      if (!app.config.featureFlags.riskReportEnabled) throw new HttpError(403, RISK_REPORT_DISABLED);
      return riskReport(app.db, userOf(request), request.query.shareId);
    },
  });
}
