/**
 * Brands (issue 11): administrators with their white label and own settings, managed by operators.
 * The list follows the reference lists' conventions (routes/fund.ts, services/referenceLists.ts).
 */
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import { BRAND_FILTER_KEYS, BRAND_SORT_FIELDS, FAVICON_EXTENSIONS, FAVICON_MAX_BYTES, NAME_MAX_LENGTH } from '../../src/domain/management';
import { defineRoute, userOf } from '../http/route';
import { dateTime, listResponse, referenceListQuerySchema } from '../http/schemas';
import { BRAND_MESSAGES, createBrand, getBrand, listBrands, updateBrand } from '../services/brands';

const tags = ['administrator'];

const colorsOut = {
  type: ['object', 'null'],
  properties: { primary: { type: 'string' }, secondary: { type: 'string' } },
  additionalProperties: { type: 'string' },
  description: 'null for an administrator without a white label.',
} as const;

const brandItemProperties = {
  admId: { type: 'integer' },
  name: { type: 'string' },
  cnpj: { type: 'string', description: 'As typed (masked or not); the white label keeps the unmasked copy in admIdByCnpj.' },
  labelId: { type: ['string', 'null'], description: 'The host label of the brand; null for an administrator without a white label.' },
  colors: colorsOut,
  createdAt: dateTime,
} as const;
const brandItem = { type: 'object', properties: brandItemProperties, required: Object.keys(brandItemProperties) } as const;

const brandProperties = {
  ...brandItemProperties,
  favicon: { type: ['string', 'null'], description: 'A data: URL.' },
  allowMultiprices: { type: 'boolean' },
  displayDocumentsInBackoffice: { type: 'boolean' },
  admAllowMultiprices: { type: 'boolean', description: "The administrator's own setting (adm_config)." },
} as const;
const brand = { type: 'object', properties: brandProperties, required: Object.keys(brandProperties) } as const;

const admId = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;
// Capped above the rules, so that the service answers each rule on its field.
const inputProperties = {
  name: { type: 'string', maxLength: NAME_MAX_LENGTH * 2 },
  cnpj: { type: 'string', maxLength: 40, description: 'CNPJ, masked or not; alphanumeric accepted.' },
  labelId: { type: 'string', maxLength: 100, description: 'One lower-case host label (1–63 letters, digits, inner hyphens), not a default-brand host, no demo-/caas-/localhost- prefix or -dev/-stg/-sbx suffix; unique.' },
  colors: {
    type: 'object',
    properties: { primary: { type: 'string', maxLength: 20 }, secondary: { type: 'string', maxLength: 20 } },
    required: ['primary', 'secondary'],
    additionalProperties: false,
    description: '#RRGGBB each. A low contrast of white text on primary is allowed (the app warns).',
  },
  faviconFile: {
    type: 'string',
    format: 'uuid',
    description:
      `The fileId of the caller's complete upload (storage flow): ${FAVICON_EXTENSIONS.join(', ')} by name and by content, at most ${FAVICON_MAX_BYTES / 1024} KB. ` +
      'Stored inlined as a data: URL.',
  },
  favicon: { type: 'null', description: 'null removes the favicon.' },
  allowMultiprices: { type: 'boolean' },
  displayDocumentsInBackoffice: { type: 'boolean' },
  admAllowMultiprices: { type: 'boolean' },
} as const;

const errorsNote =
  `Field errors answer 400 with \`errors\` keyed by name, cnpj ("Invalid cnpj"), labelId ("${BRAND_MESSAGES.labelIdTaken}", …), ` +
  `colors.primary / colors.secondary ("${BRAND_MESSAGES.colorInvalid}"), faviconFile.`;

export default async function administratorRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, API.administrator.list, {
    schema: {
      tags,
      summary: 'Administrators (brands)',
      description: `\`filters\` keys: ${BRAND_FILTER_KEYS.join(', ')} (search: name, label or CNPJ, accent-insensitive). \`sort\`: name (default) or labelId.`,
      querystring: referenceListQuerySchema(BRAND_SORT_FIELDS),
      response: { 200: listResponse(brandItem) },
    },
    handler: async (request) => listBrands(app.db, request.query),
  });

  defineRoute(app, API.administrator.get, {
    schema: {
      tags,
      summary: 'One brand: the administrator, its white label and its own settings',
      description: 'An unknown admId answers 404 "Administrator not found".',
      querystring: { type: 'object', properties: { admId }, required: ['admId'], additionalProperties: false },
      response: { 200: brand },
    },
    handler: async (request) => getBrand(app.db, request.query.admId),
  });

  defineRoute(app, API.administrator.create, {
    schema: {
      tags,
      summary: 'Create a brand',
      description: `The administrator, its white label and its settings, in one transaction. ${errorsNote}`,
      body: { type: 'object', properties: inputProperties, required: ['name', 'cnpj', 'labelId', 'colors'], additionalProperties: false },
      response: { 200: brand },
    },
    handler: async (request) => createBrand(app.db, app.config, userOf(request), request.body),
  });

  defineRoute(app, API.administrator.update, {
    schema: {
      tags,
      summary: 'Change a brand',
      description:
        'Fields left out keep their value. An administrator without a white label gets one when the update sets any of its fields, and then ' +
        `needs labelId and colors. The brand's host shows the change at its next page load. ${errorsNote} An unknown admId answers 404 "Administrator not found".`,
      body: { type: 'object', properties: { admId, ...inputProperties }, required: ['admId'], additionalProperties: false },
      response: { 200: brand },
    },
    handler: async (request) => updateBrand(app.db, app.config, userOf(request), request.body),
  });
}
