/**
 * SPEC §7 Auction (docs/auctions.md). Reads are open to every profile inside its tenant; writes to
 * staff (ENDPOINT_PERMISSIONS). The pricing queue (pg-boss, server/jobs/pricingQueue.ts) starts with
 * the app; its jobs live in the database, so any instance takes them and none is lost to a restart.
 */
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import { AUCTION_CONFIG_SERVER_ERRORS, AUCTION_FILE_TYPES, MINIMUM_PRICE_KINDS, PRICING_FAILURE_REASONS } from '../../src/domain/auctions';
import { AUCTION_STATUSES, PRICING_STATUSES } from '../../src/domain/enums';
import { SHARE_STATES } from '../../src/domain/shareStates';
import { defineRoute, userOf } from '../http/route';
import { dateTime, errorResponse, listResponse, paginationQuery } from '../http/schemas';
import { addAuctionFiles, listAdditionalFiles, pricingList, removeAuctionFile } from '../services/auctionFiles';
import { listAuctions, parseAuctionFilters } from '../services/auctionList';
import { auctionShareResults } from '../services/auctionResults';
import { auctionInfo, auctionStatusHistoryOf, createAuction, findAuction, moveAuction, saveAuctionConfig } from '../services/auctions';
import { PricingQueue, registerPricingQueue } from '../jobs/pricingQueue';
import { retryPricingRun } from '../services/pricing';

const tags = ['auction'];
const nullable = (type: string) => ({ type: [type, 'null'] });
const auctionId = { type: 'string', minLength: 1, maxLength: 64, description: 'The auction id (a uuid).' } as const;
const status = { type: 'string', enum: AUCTION_STATUSES } as const;

const auctionItem = {
  type: 'object',
  properties: {
    auctionId: { type: 'string' },
    isAuction: { type: 'boolean' },
    status,
    name: nullable('string'),
    admId: nullable('integer'),
    administratorName: nullable('string'),
    startsAt: nullable('string'),
    endsAt: nullable('string'),
    shareCount: { type: 'integer' },
    createdAt: dateTime,
    updatedAt: dateTime,
  },
  required: ['auctionId', 'isAuction', 'status', 'name', 'admId', 'administratorName', 'startsAt', 'endsAt', 'shareCount', 'createdAt', 'updatedAt'],
} as const;

const configSchema = {
  type: 'object',
  description: 'AuctionConfig (docs/auctions.md). Checked by validateAuctionConfig and the database rules; errors answer 400 with `errors` per field.',
  properties: {
    name: { type: 'string' },
    startsAt: { type: 'string' },
    endsAt: { type: 'string' },
    contractNumbers: { type: 'array', items: { type: 'string' } },
    fundIds: { type: 'array', items: { type: 'integer' } },
    playerIds: { type: 'array', items: { type: 'integer' } },
    minimumPrice: { type: 'object', properties: { kind: { type: 'string', enum: MINIMUM_PRICE_KINDS }, value: { type: 'number' } } },
  },
} as const;

const configErrorResponse = {
  ...errorResponse,
  description: `${errorResponse.description} \`problems\` lists every problem the database rules found, with the contracts (and the other auction) concerned.`,
  properties: {
    ...errorResponse.properties,
    problems: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          field: { type: 'string', enum: ['contractNumbers', 'buyers'] },
          code: { type: 'string', enum: Object.keys(AUCTION_CONFIG_SERVER_ERRORS) },
          contracts: { type: 'array', items: { type: 'string' } },
          auction: {
            type: 'object',
            properties: { auctionId: { type: 'string' }, name: nullable('string'), isAuction: { type: 'boolean' } },
            required: ['auctionId', 'name', 'isAuction'],
          },
          fundIds: { type: 'array', items: { type: 'integer' } },
          playerIds: { type: 'array', items: { type: 'integer' } },
        },
        required: ['field', 'code'],
      },
    },
  },
} as const;

const idName = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } } as const;

const auctionInfoSchema = {
  type: 'object',
  properties: {
    ...auctionItem.properties,
    config: configSchema,
    nextStatus: { type: ['string', 'null'], enum: [...AUCTION_STATUSES, null] },
    nextStepBlocker: { type: ['string', 'null'], enum: ['configIncomplete', 'pricingNotProcessed', null] },
    cancelable: { type: 'boolean' },
    latestPricing: { type: ['string', 'null'], enum: [...PRICING_STATUSES, null] },
    buyers: {
      type: 'object',
      description: 'Names of the configured funds and players (readable by every profile).',
      properties: { funds: { type: 'array', items: idName }, players: { type: 'array', items: idName } },
    },
  },
  required: [...auctionItem.required, 'config', 'nextStatus', 'nextStepBlocker', 'cancelable', 'latestPricing'],
} as const;

const fileItem = {
  type: 'object',
  properties: {
    fileId: { type: 'string' },
    fileName: { type: 'string' },
    fileType: { type: 'string', enum: AUCTION_FILE_TYPES },
    size: nullable('integer'),
    uploadedAt: dateTime,
    filePath: { type: 'string', description: 'What POST /storage/generate_link takes.' },
  },
  required: ['fileId', 'fileName', 'fileType', 'size', 'uploadedAt'],
} as const;

const pricingItem = {
  type: 'object',
  properties: {
    pricingId: { type: 'string' },
    fileId: nullable('string'),
    fileName: nullable('string'),
    status: { type: 'string', enum: PRICING_STATUSES },
    rows: { type: 'integer' },
    pricedRows: { type: 'integer' },
    rowErrors: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          row: { type: 'integer' },
          code: { type: 'string' },
          value: { type: 'string' },
          contract: { type: 'string', description: "The row's contract number, when it has one." },
          minimum: { type: 'number', description: 'priceBelowMinimum: the least this share could be priced at, in BRL.' },
        },
        required: ['row', 'code'],
      },
    },
    failure: {
      type: ['object', 'null'],
      description: 'Failed attempts of the background job (database or storage outages), null when none; failedAt is set once the retries ran out (status failed).',
      properties: {
        attempts: { type: 'integer' },
        reason: { type: 'string', enum: PRICING_FAILURE_REASONS },
        failedAt: { type: ['string', 'null'], format: 'date-time' },
      },
      required: ['attempts', 'reason', 'failedAt'],
    },
    createdAt: dateTime,
    updatedAt: dateTime,
  },
  required: ['pricingId', 'fileId', 'fileName', 'status', 'rows', 'pricedRows', 'rowErrors', 'failure', 'createdAt', 'updatedAt'],
} as const;

const shareResultItem = {
  type: 'object',
  properties: {
    shareId: { type: 'string' },
    contractNumber: { type: 'string' },
    administratorName: nullable('string'),
    creditValue: nullable('number'),
    minimumPrice: nullable('number'),
    price: nullable('number'),
    state: { type: 'string', enum: SHARE_STATES },
  },
  required: ['shareId', 'contractNumber', 'administratorName', 'creditValue', 'minimumPrice', 'price', 'state'],
} as const;

const historyItem = {
  type: 'object',
  properties: { fromStatus: { type: ['string', 'null'], enum: [...AUCTION_STATUSES, null] }, toStatus: status, userName: nullable('string'), at: dateTime },
  required: ['fromStatus', 'toStatus', 'userName', 'at'],
} as const;

const dataOf = (item: object) => ({ type: 'object', properties: { data: { type: 'array', items: item } }, required: ['data'] }) as const;
const byIdQuery = { type: 'object', properties: { auctionId }, required: ['auctionId'], additionalProperties: false } as const;
const moveBody = {
  type: 'object',
  properties: {
    auctionId,
    fromStatus: { ...status, description: 'The status the caller sees; when sent and the auction is elsewhere, 409 (safe to repeat).' },
  },
  required: ['auctionId'],
  additionalProperties: false,
} as const;

export default async function auctionRoutes(app: FastifyInstance): Promise<void> {
  const queue = new PricingQueue(app.db, app.config, app.log);
  registerPricingQueue(app.config, queue);
  app.addHook('onReady', async () => queue.startInBackground());
  app.addHook('onClose', async () => queue.stop());

  defineRoute(app, API.auction.create, {
    schema: {
      tags,
      summary: 'Create an auction (isAuction true) or a direct sale (false), in status created',
      description: "An administrator's auction is its own; an operator names the administrator with admId (required for an operator).",
      body: {
        type: 'object',
        properties: { isAuction: { type: 'boolean' }, admId: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
        required: ['isAuction'],
        additionalProperties: false,
      },
      response: { 200: auctionInfoSchema },
    },
    handler: async (request) => createAuction(app.db, userOf(request), request.body),
  });

  defineRoute(app, API.auction.nextStep, {
    schema: {
      tags,
      summary: 'Move the auction to its next status (created > pricing > processing > live > finished)',
      description: '409 when there is no next step or it is blocked (configuration incomplete: `errors` per field; latest pricing not processed).',
      body: moveBody,
      response: { 200: auctionInfoSchema },
    },
    handler: async (request) => moveAuction(app.db, userOf(request), request.body.auctionId, 'next_step', request.body.fromStatus),
  });

  defineRoute(app, API.auction.cancel, {
    schema: { tags, summary: 'Cancel an open auction (created, pricing, processing or live)', body: moveBody, response: { 200: auctionInfoSchema } },
    handler: async (request) => moveAuction(app.db, userOf(request), request.body.auctionId, 'cancel', request.body.fromStatus),
  });

  defineRoute(app, API.auction.saveConfig, {
    schema: {
      tags,
      summary: 'Save the whole configuration (while created or pricing)',
      description: 'In pricing, the shares and the minimum price cannot change once a spreadsheet was sent (409).',
      // `config` is checked by validateAuctionConfig, not here: a wrong type or an out-of-range value
      // (an id past the integer column, a contract number over 40 characters, too many shares) then
      // answers the field's own code, which the form shows, before any query runs.
      body: { type: 'object', properties: { auctionId, config: { type: 'object' } }, required: ['auctionId', 'config'], additionalProperties: false },
      response: { 200: auctionInfoSchema, 400: configErrorResponse },
    },
    // A refusal lists every problem at once with its culprits (ConfigProblemsError's `problems`, the 400 schema's).
    handler: async (request) => saveAuctionConfig(app.db, userOf(request), request.body.auctionId, request.body.config),
  });

  defineRoute(app, API.auction.info, {
    schema: { tags, summary: 'The auction, its configuration and what its next step needs', querystring: byIdQuery, response: { 200: auctionInfoSchema } },
    handler: async (request) => auctionInfo(app.db, await findAuction(app.db, userOf(request), request.query.auctionId)),
  });

  defineRoute(app, API.auction.statusHistory, {
    schema: { tags, summary: 'Every status the auction went through, oldest first', querystring: byIdQuery, response: { 200: dataOf(historyItem) } },
    handler: async (request) => ({ data: await auctionStatusHistoryOf(app.db, userOf(request), request.query.auctionId) }),
  });

  defineRoute(app, API.auction.pricingList, {
    schema: { tags, summary: 'The pricing runs (one per spreadsheet sent), latest first', querystring: byIdQuery, response: { 200: dataOf(pricingItem) } },
    handler: async (request) => ({ data: await pricingList(app.db, userOf(request), request.query.auctionId) }),
  });

  defineRoute(app, API.auction.pricingRetry, {
    schema: {
      tags,
      summary: 'Process a failed pricing run again (its background job ran out of retries)',
      description: 'Staff, while pricing; the run starts over from its stored file (in_validation). 409 for a run that is not failed.',
      body: {
        type: 'object',
        properties: { auctionId, pricingId: { type: 'string', minLength: 1, maxLength: 64 } },
        required: ['auctionId', 'pricingId'],
        additionalProperties: false,
      },
      response: { 200: { type: 'object', properties: { pricing: pricingItem }, required: ['pricing'] } },
    },
    handler: async (request) => {
      const pricing = await retryPricingRun(app.db, userOf(request), request.body.auctionId, request.body.pricingId);
      queue.enqueue(pricing.pricingId);
      return { pricing };
    },
  });

  defineRoute(app, API.auction.listAdditionalFiles, {
    schema: { tags, summary: 'The auction notice and additional files, latest first', querystring: byIdQuery, response: { 200: dataOf(fileItem) } },
    handler: async (request) => ({ data: await listAdditionalFiles(app.db, userOf(request), request.query.auctionId) }),
  });

  defineRoute(app, API.auction.addFile, {
    schema: {
      tags,
      summary: 'Attach uploaded files (ids from upload_finalize) by type',
      description:
        'PRICING_SPREADSHEET: one .csv or .xlsx, only while pricing; answers the pricing run (in_validation) and processes it in the background. ' +
        'Other types while the auction is open.',
      body: {
        type: 'object',
        properties: {
          auctionId,
          files: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 64 }, minItems: 1, maxItems: 20 },
          fileType: { type: 'string', enum: AUCTION_FILE_TYPES },
        },
        required: ['auctionId', 'files', 'fileType'],
        additionalProperties: false,
      },
      response: {
        200: { type: 'object', properties: { data: { type: 'array', items: fileItem }, pricing: { anyOf: [pricingItem, { type: 'null' }] } }, required: ['data', 'pricing'] },
      },
    },
    handler: async (request) => {
      const added = await addAuctionFiles(app.db, app.config, userOf(request), request.body);
      if (added.pricing) queue.enqueue(added.pricing.pricingId);
      return added;
    },
  });

  defineRoute(app, API.auction.removeFile, {
    schema: {
      tags,
      summary: 'Detach a file from the auction',
      description: 'A pricing spreadsheet only while pricing and not while its run works; its runs and their prices go with it.',
      body: {
        type: 'object',
        properties: { auctionId, fileId: { type: 'string', minLength: 1, maxLength: 64 }, fileType: { type: 'string', enum: AUCTION_FILE_TYPES } },
        required: ['auctionId', 'fileId', 'fileType'],
        additionalProperties: false,
      },
      response: { 200: { type: 'object', properties: { fileId: { type: 'string' }, fileType: { type: 'string' } }, required: ['fileId', 'fileType'] } },
    },
    handler: async (request) => removeAuctionFile(app.db, userOf(request), request.body),
  });

  defineRoute(app, API.auction.shareResults, {
    schema: {
      tags,
      summary: 'Each share of the auction with the price it got, by contract number',
      description: "Prices of the latest processed pricing run (null for a share it did not price); the minimum is the auction's rule applied to the share.",
      querystring: { type: 'object', properties: { auctionId, ...paginationQuery }, required: ['auctionId'], additionalProperties: false },
      response: { 200: listResponse(shareResultItem) },
    },
    handler: async (request) => {
      const { auctionId: id, page, limit } = request.query;
      return auctionShareResults(app.db, userOf(request), id, { page, limit });
    },
  });

  defineRoute(app, API.auction.list, {
    schema: {
      tags,
      summary: 'Auctions of the tenant, latest change first',
      description: '`filters` is one JSON object: {status?: AuctionStatus[], search?: string, isAuction?: boolean}; an unknown key is a 400.',
      querystring: {
        type: 'object',
        properties: {
          ...paginationQuery,
          filters: { type: 'string', maxLength: 2000 },
          sort: { type: 'string', enum: ['updatedAt', 'createdAt'], default: 'updatedAt' },
          order: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
        },
        additionalProperties: false,
      },
      response: { 200: listResponse(auctionItem) },
    },
    handler: async (request) => {
      const { page, limit, filters, sort = 'updatedAt', order = 'desc' } = request.query;
      return listAuctions(app.db, userOf(request), parseAuctionFilters(filters), { page, limit, sort, order });
    },
  });
}
