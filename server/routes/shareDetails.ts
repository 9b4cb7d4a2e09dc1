/** Share details of the workspace summary: signers' status and the history timeline. */
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import { defineRoute, userOf } from '../http/route';
import { shareHistoryOf } from '../services/history';
import { signersStatus } from '../services/persons';
import { dataOf, historyEntrySchema, shareIdBody, shareIdQuery, signerStatusSchema } from './workspaceSchemas';

const tags = ['share'];

export default async function shareDetailsRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, API.share.signersStatus, {
    schema: {
      tags,
      summary: 'Per signer: basic data filled, complete (address not required on a PJ share), signed',
      querystring: shareIdQuery,
      response: { 200: dataOf(signerStatusSchema) },
    },
    handler: async (request) => ({ data: await signersStatus(app.db, userOf(request), request.query.shareId) }),
  });

  defineRoute(app, API.share.getHistory, {
    schema: { tags, summary: "The share's history, oldest first: who, when, from, to, files", body: shareIdBody, response: { 200: dataOf(historyEntrySchema) } },
    handler: async (request) => ({ data: await shareHistoryOf(app.db, userOf(request), request.body.shareId) }),
  });
}
