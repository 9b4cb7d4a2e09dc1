/**
 * SPEC §7 Players: the player list and the files sent to players (list, types, sending). The
 * sending completes a chunked upload begun with POST /storage/upload_initialize.
 */
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import { PLAYER_FILE_TYPES } from '../../src/domain/playerFiles';
import { PLAYER_FILTER_KEYS, PLAYER_SORT_FIELDS } from '../../src/domain/referenceLists';
import { STORAGE_LIMITS } from '../../src/domain/workspace';
import { defineRoute, userOf } from '../http/route';
import { dateTime, listResponse, paginationQuery, referenceListQuerySchema } from '../http/schemas';
import { listFileTypes, listPlayerFiles, sendPlayerFile } from '../services/playerFiles';
import { PLAYER_MESSAGES, createPlayer, getPlayer, listPlayers, setPlayerEnabled, updatePlayer } from '../services/playerAdmin';
import { NAME_MAX_LENGTH } from '../../src/domain/management';
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
  defineRoute(app, API.player.list, {
    schema: {
      tags,
      summary: 'Players',
      description: `\`filters\` keys: ${PLAYER_FILTER_KEYS.join(', ')} (search: name or document, accent-insensitive; enabled: true or false).`,
      querystring: referenceListQuerySchema(PLAYER_SORT_FIELDS),
      response: { 200: listResponse(playerItem) },
    },
    handler: async (request) => listPlayers(app.db, request.query),
  });

  defineRoute(app, API.player.listFiles, {
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

  defineRoute(app, API.player.sendPlayerFile, {
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

  defineRoute(app, API.player.get, {
    schema: { tags, summary: 'One player', description: notFoundNote, querystring: playerIdBody, response: { 200: managedPlayer } },
    handler: async (request) => getPlayer(app.db, request.query.playerId),
  });

  defineRoute(app, API.player.create, {
    schema: {
      tags,
      summary: 'Create a player',
      description: `400 on errors.name, errors.document ("${PLAYER_MESSAGES.documentInvalid}") or errors.fundId ("${PLAYER_MESSAGES.fundIdUnknown}").`,
      body: { type: 'object', properties: playerFields, required: ['name', 'document'], additionalProperties: false },
      response: { 200: managedPlayer },
    },
    handler: async (request) => createPlayer(app.db, userOf(request), request.body),
  });

  defineRoute(app, API.player.update, {
    schema: {
      tags,
      summary: "Change a player's name, document or fund",
      description: `Fields left out keep their value; fundId null removes the fund; the same rules as create (a player keeps a fund that was disabled since). ${notFoundNote}`,
      body: { type: 'object', properties: { playerId, ...playerFields }, required: ['playerId'], additionalProperties: false },
      response: { 200: managedPlayer },
    },
    handler: async (request) => updatePlayer(app.db, userOf(request), request.body),
  });

  defineRoute(app, API.player.disable, {
    schema: {
      tags,
      summary: 'Disable a player',
      description: `A disabled player receives no files (send_player_file answers 403 "Player not enabled"). ${notFoundNote}`,
      body: playerIdBody,
      response: { 200: managedPlayer },
    },
    handler: async (request) => setPlayerEnabled(app.db, userOf(request), request.body.playerId, false),
  });

  defineRoute(app, API.player.enable, {
    schema: { tags, summary: 'Enable a player', description: notFoundNote, body: playerIdBody, response: { 200: managedPlayer } },
    handler: async (request) => setPlayerEnabled(app.db, userOf(request), request.body.playerId, true),
  });
}
