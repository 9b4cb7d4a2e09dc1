/** Configuration calls: a brand's white label (public, the login page needs it) and an administrator's settings. */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import type { WhiteLabelConfig } from '../../src/domain/whiteLabel';
import { admConfigs, administrators, whiteLabelConfigs } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { defineRoute, userOf } from '../http/route';

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
  defineRoute<{ Querystring: { admId?: number; labelId?: string } }>(app, API.config.whiteLabelGet, {
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
    handler: async (request): Promise<WhiteLabelConfig> => {
      const { admId, labelId } = request.query;
      if (admId === undefined && labelId === undefined) throw badRequest('admId or labelId is required', { admId: 'admId or labelId is required' });
      const [row] = await app.db
        .select()
        .from(whiteLabelConfigs)
        .where(
          and(
            admId !== undefined ? eq(whiteLabelConfigs.admId, admId) : undefined,
            labelId !== undefined ? eq(whiteLabelConfigs.labelId, labelId.toLowerCase()) : undefined,
          ),
        )
        .limit(1);
      if (!row) throw notFound('White label');
      return {
        admId: row.admId,
        labelId: row.labelId,
        cnpj: row.cnpj,
        admIdByCnpj: row.admIdByCnpj,
        configs: { allowMultiprices: row.allowMultiprices, displayDocumentsInBackoffice: row.displayDocumentsInBackoffice },
        favicon: row.favicon,
        name: row.name,
        colors: row.colors ?? {},
      };
    },
  });

  defineRoute<{ Querystring: { admId: number } }>(app, API.config.admConfigGet, {
    schema: {
      tags,
      summary: "An administrator's own settings",
      description: 'An administrator may read only its own; any other admId answers 404 "Administrator not found".',
      querystring: { type: 'object', properties: { admId: admIdParam }, required: ['admId'], additionalProperties: false },
      response: { 200: admConfigSchema },
    },
    handler: async (request) => {
      const user = userOf(request);
      const { admId } = request.query;
      if (user.profile === 'adm' && user.admId !== admId) throw notFound('Administrator');
      const [row] = await app.db
        .select({ id: administrators.id, allowMultiprices: admConfigs.allowMultiprices })
        .from(administrators)
        .leftJoin(admConfigs, eq(admConfigs.admId, administrators.id))
        .where(eq(administrators.id, admId))
        .limit(1);
      if (!row) throw notFound('Administrator');
      return { admConfig: { dynamo_adm: { allowMultiprices: row.allowMultiprices ?? false } } };
    },
  });
}
