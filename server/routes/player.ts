/**
 * SPEC §7 Players: the player list and the files sent to players (list, types, sending). The
 * sending completes a chunked upload begun with POST /storage/upload_initialize.
 */
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import { PLAYER_FILE_TYPES, type PlayerFileType } from '../../src/domain/playerFiles';
import { PLAYER_FILTER_KEYS, PLAYER_SORT_FIELDS, type PlayerSortField } from '../../src/domain/referenceLists';
import type { ListResponse, PlayerItem } from '../../src/domain/shareList';
import { STORAGE_LIMITS } from '../../src/domain/workspace';
import { players } from '../db/schema';
import { defineRoute, userOf } from '../http/route';
import { dateTime, listResponse, paginationQuery } from '../http/schemas';
import { listFileTypes, listPlayerFiles, sendPlayerFile } from '../services/playerFiles';
import { type ReferenceListQuery, orderBy, parseReferenceFilters, referenceListQuerySchema, searchCondition } from '../services/referenceLists';
import { and, eq, sql } from 'drizzle-orm';
import { fileRefSchema } from './storage';

const tags = ['player'];

const playerItem = {
  type: 'object',
  properties: { playerId: { type: 'integer' }, name: { type: 'string' }, document: { type: 'string' }, enabled: { type: 'boolean' } },
  required: ['playerId', 'name', 'document', 'enabled'],
} as const;

const playerFileProperties = {
  playerFileId: { type: 'string', format: 'uuid' },
  fileId: { type: 'string', format: 'uuid' },
  fileName: { type: 'string' },
  filePath: { type: 'string', description: 'What POST /storage/generate_link takes.' },
  fileType: { type: 'string', enum: PLAYER_FILE_TYPES },
  players: {
    type: 'array',
    items: { type: 'object', properties: { playerId: { type: 'integer' }, name: { type: 'string' } }, required: ['playerId', 'name'] },
  },
  sentBy: { type: ['string', 'null'], description: 'Name of the user who sent it.' },
  sentAt: dateTime,
} as const;
const playerFileRequired = ['playerFileId', 'fileId', 'fileName', 'filePath', 'fileType', 'players', 'sentBy', 'sentAt'];

const playerFileItem = { type: 'object', properties: playerFileProperties, required: playerFileRequired } as const;

const sortColumns: Record<PlayerSortField, AnyPgColumn> = { name: players.name, document: players.document };

export default async function playerRoutes(app: FastifyInstance): Promise<void> {
  defineRoute<{ Querystring: ReferenceListQuery }>(app, API.player.list, {
    schema: {
      tags,
      summary: 'Players',
      description: `\`filters\` keys: ${PLAYER_FILTER_KEYS.join(', ')} (search: name or document, accent-insensitive; enabled: true or false).`,
      querystring: referenceListQuerySchema(PLAYER_SORT_FIELDS),
      response: { 200: listResponse(playerItem) },
    },
    handler: async (request): Promise<ListResponse<PlayerItem>> => {
      const { page, limit } = request.query;
      const f = parseReferenceFilters(request.query.filters, PLAYER_FILTER_KEYS);
      const where = and(searchCondition(f, [players.name], players.document), f.enabled === undefined ? undefined : eq(players.enabled, f.enabled));
      const [data, [{ total }]] = await Promise.all([
        app.db
          .select({ playerId: players.id, name: players.name, document: players.document, enabled: players.enabled })
          .from(players)
          .where(where)
          .orderBy(...orderBy(sortColumns[(request.query.sort ?? 'name') as PlayerSortField], request.query.order ?? 'asc', players.id))
          .limit(limit)
          .offset((page - 1) * limit),
        app.db.select({ total: sql<number>`count(*)::int` }).from(players).where(where),
      ]);
      return { data, total: Number(total), page, limit };
    },
  });

  defineRoute<{ Querystring: { page: number; limit: number } }>(app, API.player.listFiles, {
    schema: {
      tags,
      summary: 'Files sent to players, newest first',
      querystring: { type: 'object', properties: { ...paginationQuery }, additionalProperties: false },
      response: { 200: listResponse(playerFileItem) },
    },
    handler: async (request) => listPlayerFiles(app.db, request.query.page, request.query.limit),
  });

  defineRoute(app, API.player.listFileTypes, {
    schema: {
      tags,
      summary: 'The types a player file can have',
      response: {
        200: listResponse({
          type: 'object',
          properties: { fileType: { type: 'string', enum: PLAYER_FILE_TYPES }, description: { type: 'string' } },
          required: ['fileType', 'description'],
        }),
      },
    },
    handler: async () => listFileTypes(),
  });

  defineRoute<{ Body: { fileId: string; fileKey: string; fileType: PlayerFileType; players: number[]; parts: string[] } }>(app, API.player.sendPlayerFile, {
    schema: {
      tags,
      summary: 'Send an uploaded file to one or many players',
      description:
        'Completes the upload begun with POST /storage/upload_initialize (parts: the etags in part order, as upload_finalize takes them) and records ' +
        'the sending. Unknown players are a 400 "Invalid players"; a disabled one a 403 "Player not enabled"; a fileKey that is not the fileId\'s ' +
        'a 404 "Document not found". Sending the same file again answers the first sending.',
      body: {
        type: 'object',
        properties: {
          fileId: { type: 'string', format: 'uuid' },
          fileKey: { type: 'string', minLength: 1, maxLength: 400 },
          fileType: { type: 'string', enum: PLAYER_FILE_TYPES },
          players: {
            type: 'array',
            description: 'Player ids (numbers or digit strings).',
            items: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
            minItems: 1,
            maxItems: 500,
          },
          parts: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 200 }, minItems: 1, maxItems: STORAGE_LIMITS.maxParts },
        },
        required: ['fileId', 'fileKey', 'fileType', 'players', 'parts'],
        additionalProperties: false,
      },
      response: { 200: { type: 'object', properties: { ...playerFileProperties, file: fileRefSchema }, required: [...playerFileRequired, 'file'] } },
    },
    handler: async (request) => sendPlayerFile(app.db, app.config, userOf(request), request.body),
  });
}
