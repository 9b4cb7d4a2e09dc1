/** Configuration calls: a brand's white label (public, the login page needs it) and an administrator's settings (server/services/brandConfig.ts). */
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import { defineRoute, userOf } from '../http/route';
import { getAdmConfig, getWhiteLabel } from '../services/brandConfig';

const tags = ['config'];

const whiteLabelSchema = {
  type: 'object',
  properties: {
    admId: { type: 'integer' },
    labelId: { type: 'string' },
    cnpj: { type: 'string' },
    admIdByCnpj: { type: 'string', description: 'The CNPJ without its mask.' },
    configs: {
      type: 'object',
      properties: { allowMultiprices: { type: 'boolean' }, displayDocumentsInBackoffice: { type: 'boolean' } },
      required: ['allowMultiprices', 'displayDocumentsInBackoffice'],
    },
    favicon: { type: ['string', 'null'] },
    name: { type: 'string' },
    colors: { type: 'object', additionalProperties: { type: 'string' } },
  },
  required: ['admId', 'labelId', 'cnpj', 'admIdByCnpj', 'configs', 'favicon', 'name', 'colors'],
} as const;

const admConfigSchema = {
  type: 'object',
  properties: {
    admConfig: {
      type: 'object',
      properties: {
        dynamo_adm: { type: 'object', properties: { allowMultiprices: { type: 'boolean' } }, required: ['allowMultiprices'] },
      },
      required: ['dynamo_adm'],
    },
  },
  required: ['admConfig'],
} as const;

const admIdParam = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;

export default async function configRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, API.config.whiteLabelGet, {
    schema: {
      tags,
      summary: 'A brand by administrator id or by the label its host name resolves to',
      querystring: {
        type: 'object',
        properties: { admId: admIdParam, labelId: { type: 'string', pattern: '^[A-Za-z0-9-]{1,63}$' } },
        additionalProperties: false,
      },
      response: { 200: whiteLabelSchema },
    },
    handler: async (request) => getWhiteLabel(app.db, request.query),
  });

  defineRoute(app, API.config.admConfigGet, {
    schema: {
      tags,
      summary: "An administrator's own settings",
      description: 'An administrator may read only its own; any other admId answers 404 "Administrator not found".',
      querystring: { type: 'object', properties: { admId: admIdParam }, required: ['admId'], additionalProperties: false },
      response: { 200: admConfigSchema },
    },
    handler: async (request) => getAdmConfig(app.db, userOf(request), request.query.admId),
  });
}
