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
import { PLAYER_MESSAGES, createPlayer, getPlayer, setPlayerEnabled, updatePlayer } from '../services/playerAdmin';
import { NAME_MAX_LENGTH, type PlayerInput } from '../../src/domain/management';
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

const managedPlayer = {
  type: 'object',
  properties: { ...playerItem.properties, fundId: { type: ['integer', 'null'] }, createdAt: dateTime },
  required: [...playerItem.required, 'fundId', 'createdAt'],
} as const;
const playerId = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;
const playerIdBody = { type: 'object', properties: { playerId }, required: ['playerId'], additionalProperties: false } as const;
// Capped above the rules so the service answers them on their fields.
const playerFields = {
  name: { type: 'string', maxLength: NAME_MAX_LENGTH * 2 },
  document: { type: 'string', maxLength: 40, description: 'CPF or CNPJ, masked or not; stored unmasked.' },
  fundId: { type: ['integer', 'null'], minimum: 1, maximum: 2_147_483_647, description: 'null: no fund.' },
} as const;
const notFoundNote = `An unknown player answers 404 "${PLAYER_MESSAGES.notFound}".`;

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

  defineRoute<{ Querystring: { playerId: number } }>(app, API.player.get, {
    schema: { tags, summary: 'One player', description: notFoundNote, querystring: playerIdBody, response: { 200: managedPlayer } },
    handler: async (request) => getPlayer(app.db, request.query.playerId),
  });

  defineRoute<{ Body: PlayerInput & { name: string; document: string } }>(app, API.player.create, {
    schema: {
      tags,
      summary: 'Create a player',
      description: `400 on errors.name, errors.document ("${PLAYER_MESSAGES.documentInvalid}") or errors.fundId ("${PLAYER_MESSAGES.fundIdUnknown}").`,
      body: { type: 'object', properties: playerFields, required: ['name', 'document'], additionalProperties: false },
      response: { 200: managedPlayer },
    },
    handler: async (request) => createPlayer(app.db, userOf(request), request.body),
  });

  defineRoute<{ Body: PlayerInput & { playerId: number } }>(app, API.player.update, {
    schema: {
      tags,
      summary: "Change a player's name, document or fund",
      description: `Fields left out keep their value; fundId null removes the fund; the same rules as create (a player keeps a fund that was disabled since). ${notFoundNote}`,
      body: { type: 'object', properties: { playerId, ...playerFields }, required: ['playerId'], additionalProperties: false },
      response: { 200: managedPlayer },
    },
    handler: async (request) => updatePlayer(app.db, userOf(request), request.body),
  });

  defineRoute<{ Body: { playerId: number } }>(app, API.player.disable, {
    schema: {
      tags,
      summary: 'Disable a player',
      description: `A disabled player receives no files (send_player_file answers 403 "Player not enabled"). ${notFoundNote}`,
      body: playerIdBody,
      response: { 200: managedPlayer },
    },
    handler: async (request) => setPlayerEnabled(app.db, userOf(request), request.body.playerId, false),
  });

  defineRoute<{ Body: { playerId: number } }>(app, API.player.enable, {
    schema: { tags, summary: 'Enable a player', description: notFoundNote, body: playerIdBody, response: { 200: managedPlayer } },
    handler: async (request) => setPlayerEnabled(app.db, userOf(request), request.body.playerId, true),
  });
}
