/** Funds: the list (SPEC §7) and their management by operators (issue 11). */
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import { NAME_MAX_LENGTH } from '../../src/domain/management';
import { FUND_FILTER_KEYS, FUND_SORT_FIELDS } from '../../src/domain/referenceLists';
import { defineRoute, userOf } from '../http/route';
import { dateTime, listResponse, referenceListQuerySchema } from '../http/schemas';
import { FUND_MESSAGES, createFund, getFund, listFunds, setFundEnabled, updateFund } from '../services/fundAdmin';

const tags = ['fund'];

const fundItem = {
  type: 'object',
  properties: { fundId: { type: 'integer' }, name: { type: 'string' }, cnpj: { type: 'string' }, enabled: { type: 'boolean' } },
  required: ['fundId', 'name', 'cnpj', 'enabled'],
} as const;

const managedFund = {
  type: 'object',
  properties: { ...fundItem.properties, createdAt: dateTime },
  required: [...fundItem.required, 'createdAt'],
} as const;

const fundId = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;
// Capped above the rules so the service answers them on their fields.
const name = { type: 'string', maxLength: NAME_MAX_LENGTH * 2 } as const;
const cnpj = { type: 'string', maxLength: 40, description: 'Masked or not; alphanumeric accepted; stored unmasked.' } as const;
const fundIdBody = { type: 'object', properties: { fundId }, required: ['fundId'], additionalProperties: false } as const;
const notFoundNote = `An unknown fund answers 404 "${FUND_MESSAGES.notFound}".`;

export default async function fundRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, API.fund.list, {
    schema: {
      tags,
      summary: 'Funds',
      description: `\`filters\` keys: ${FUND_FILTER_KEYS.join(', ')} (search: name or CNPJ, accent-insensitive).`,
      querystring: referenceListQuerySchema(FUND_SORT_FIELDS),
      response: { 200: listResponse(fundItem) },
    },
    handler: async (request) => listFunds(app.db, request.query),
  });

  defineRoute(app, API.fund.get, {
    schema: {
      tags,
      summary: 'One fund',
      description: notFoundNote,
      querystring: fundIdBody,
      response: { 200: managedFund },
    },
    handler: async (request) => getFund(app.db, request.query.fundId),
  });

  defineRoute(app, API.fund.create, {
    schema: {
      tags,
      summary: 'Create a fund',
      description: `400 with errors.name / errors.cnpj ("Invalid cnpj"; "${FUND_MESSAGES.cnpjTaken}" for a CNPJ another fund has).`,
      body: { type: 'object', properties: { name, cnpj }, required: ['name', 'cnpj'], additionalProperties: false },
      response: { 200: managedFund },
    },
    handler: async (request) => createFund(app.db, userOf(request), request.body),
  });

  defineRoute(app, API.fund.update, {
    schema: {
      tags,
      summary: "Change a fund's name or CNPJ",
      description: `Fields left out keep their value; the same rules as create. ${notFoundNote}`,
      body: { type: 'object', properties: { fundId, name, cnpj }, required: ['fundId'], additionalProperties: false },
      response: { 200: managedFund },
    },
    handler: async (request) => updateFund(app.db, userOf(request), request.body),
  });

  defineRoute(app, API.fund.disable, {
    schema: {
      tags,
      summary: 'Disable a fund',
      description: `A disabled fund keeps its shares, players and users, but cannot be given to a new user or player. ${notFoundNote}`,
      body: fundIdBody,
      response: { 200: managedFund },
    },
    handler: async (request) => setFundEnabled(app.db, userOf(request), request.body.fundId, false),
  });

  defineRoute(app, API.fund.enable, {
    schema: { tags, summary: 'Enable a fund', description: notFoundNote, body: fundIdBody, response: { 200: managedFund } },
    handler: async (request) => setFundEnabled(app.db, userOf(request), request.body.fundId, true),
  });
}
