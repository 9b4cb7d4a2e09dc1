/** The seller's bank accounts and the list of Brazilian banks (SPEC §7 Bank). */
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import { defineRoute, userOf } from '../http/route';
import { listBanks, saveBank, searchBrazilianBanks } from '../services/banks';
import { bankRecordSchema, bankSaveBody, brazilianBankSchema, contractNumberQuery, dataOf } from './workspaceSchemas';

const tags = ['bank'];

export default async function bankRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, API.bank.list, {
    schema: { tags, summary: "The share's bank accounts, oldest first", querystring: contractNumberQuery, response: { 200: dataOf(bankRecordSchema) } },
    handler: async (request) => ({ data: await listBanks(app.db, userOf(request), request.query.contractNumber) }),
  });

  defineRoute(app, API.bank.listBrazilianBanks, {
    schema: {
      tags,
      summary: 'Brazilian banks (Banco Central STR participants with a COMPE code), sorted by code',
      description: '`q` matches code or name, ignoring case and accents.',
      querystring: { type: 'object', properties: { q: { type: 'string', maxLength: 100 } }, additionalProperties: false },
      response: { 200: dataOf(brazilianBankSchema) },
    },
    handler: async (request) => ({ data: searchBrazilianBanks(request.query.q) }),
  });

  defineRoute(app, API.bank.save, {
    schema: {
      tags,
      summary: 'Creates or updates a bank account; select=true makes it the only selected one',
      body: bankSaveBody,
      response: { 200: bankRecordSchema },
    },
    handler: async (request) => saveBank(app.db, userOf(request), request.body.shareId, request.body.bank, request.body.select),
  });
}
