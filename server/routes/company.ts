/** The company of a PJ share (SPEC §7 Company). */
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import { defineRoute, userOf } from '../http/route';
import { getCompany, saveCompany } from '../services/companies';
import { companyRecordSchema, companySaveBody, withDocumentsQuery } from './workspaceSchemas';

const tags = ['company'];

export default async function companyRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, API.company.get, {
    schema: {
      tags,
      summary: 'The company of a legal-entity share (a PF share answers 404 Company not found)',
      querystring: withDocumentsQuery,
      response: { 200: companyRecordSchema },
    },
    handler: async (request) => getCompany(app.db, userOf(request), request.query.contractNumber, request.query.withDocuments),
  });

  defineRoute(app, API.company.save, {
    schema: { tags, summary: "Creates or updates a PJ share's company; the share's owner follows it", body: companySaveBody, response: { 200: companyRecordSchema } },
    handler: async (request) => saveCompany(app.db, userOf(request), request.body.shareId, request.body.company),
  });
}
