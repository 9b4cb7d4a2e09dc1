/** Saved views and the column chooser (issue 18): each user's own, kept per list. */
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import { VIEW_LIMITS, VIEW_LISTS, VIEW_MESSAGES } from '../../src/domain/listViews';
import { defineRoute, userOf } from '../http/route';
import { dateTime, listResponse, paginationQuery } from '../http/schemas';
import {
  createView,
  deleteView,
  getOwnView,
  listOwnColumns,
  listOwnViews,
  saveOwnColumns,
  updateView,
} from '../services/listViews';

const tags = ['view'];
const LISTS = Object.keys(VIEW_LISTS).join(', ');

const viewId = { type: 'string', format: 'uuid' } as const;
// Capped above the rules so that the service answers them on their fields, in the catalogue's words.
const list = { type: 'string', maxLength: 100, description: `A list: ${LISTS}.` } as const;
const name = { type: 'string', maxLength: VIEW_LIMITS.nameMax * 4, description: `At most ${VIEW_LIMITS.nameMax} characters once trimmed; unique per list, capitals and accents aside.` } as const;
const state = {
  type: 'string',
  maxLength: VIEW_LIMITS.stateMax * 2,
  description: `The list's URL query as the app writes it (Refine's pageSize, sorters[…], filters[…]), without its page; at most ${VIEW_LIMITS.stateMax} characters.`,
} as const;
const hiddenColumns = { type: 'array', maxItems: VIEW_LIMITS.hiddenColumnsMax * 2, items: { type: 'string', maxLength: VIEW_LIMITS.columnKeyMax * 2 } } as const;

const view = {
  type: 'object',
  properties: { viewId: { type: 'string' }, list: { type: 'string' }, name: { type: 'string' }, state: { type: 'string' }, hiddenColumns: { type: 'array', items: { type: 'string' } }, createdAt: dateTime, updatedAt: dateTime },
  required: ['viewId', 'list', 'name', 'state', 'hiddenColumns', 'createdAt', 'updatedAt'],
} as const;
const columns = {
  type: 'object',
  properties: { list: { type: 'string' }, hiddenColumns: { type: 'array', items: { type: 'string' } } },
  required: ['list', 'hiddenColumns'],
} as const;
const viewIdBody = { type: 'object', properties: { viewId }, required: ['viewId'], additionalProperties: false } as const;
const notFoundNote = `Another user's view answers 404 "${VIEW_MESSAGES.notFound}", as a missing one.`;
const listNote = `An unknown list answers 400 on errors.list; a list the caller may not open, 403.`;

export default async function viewRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, API.view.list, {
    schema: {
      tags,
      summary: "The caller's saved views",
      description: `Of one list (\`list\`) or of every list the caller may open, by list and name. ${listNote}`,
      querystring: { type: 'object', properties: { list, ...paginationQuery }, additionalProperties: false },
      response: { 200: listResponse(view) },
    },
    handler: async (request) => listOwnViews(app.db, userOf(request), request.query),
  });

  defineRoute(app, API.view.get, {
    schema: { tags, summary: 'One saved view', description: notFoundNote, querystring: viewIdBody, response: { 200: view } },
    handler: async (request) => getOwnView(app.db, userOf(request), request.query.viewId),
  });

  defineRoute(app, API.view.create, {
    schema: {
      tags,
      summary: 'Save a view of a list',
      description: `400 on errors.name ("${VIEW_MESSAGES.nameTaken}", "${VIEW_MESSAGES.nameTooLong}", "${VIEW_MESSAGES.tooMany}"), errors.state, errors.hiddenColumns. ${listNote}`,
      body: { type: 'object', properties: { list, name, state, hiddenColumns }, required: ['list', 'name'], additionalProperties: false },
      response: { 200: view },
    },
    handler: async (request) => createView(app.db, userOf(request), request.body),
  });

  defineRoute(app, API.view.update, {
    schema: {
      tags,
      summary: 'Rename a view, or replace its state and columns',
      description: `Fields left out keep their value; the same rules as create. ${notFoundNote}`,
      body: { type: 'object', properties: { viewId, name, state, hiddenColumns }, required: ['viewId'], additionalProperties: false },
      response: { 200: view },
    },
    handler: async (request) => updateView(app.db, userOf(request), request.body),
  });

  defineRoute(app, API.view.delete, {
    schema: {
      tags,
      summary: 'Delete a saved view',
      description: notFoundNote,
      body: viewIdBody,
      response: { 200: { type: 'object', properties: { viewId: { type: 'string' } }, required: ['viewId'] } },
    },
    handler: async (request) => deleteView(app.db, userOf(request), request.body.viewId),
  });

  defineRoute(app, API.view.columnsList, {
    schema: {
      tags,
      summary: 'The columns each list hides for the caller',
      description: 'Outside any view; lists that hide no column are left out. `page` and `limit` are accepted and ignored: the answer is one page.',
      querystring: { type: 'object', properties: { ...paginationQuery }, additionalProperties: false },
      response: { 200: listResponse(columns) },
    },
    handler: async (request) => listOwnColumns(app.db, userOf(request)),
  });

  defineRoute(app, API.view.columnsSave, {
    schema: {
      tags,
      summary: 'Set the columns one list hides for the caller',
      description: `An empty array shows every column again. ${listNote}`,
      body: { type: 'object', properties: { list, hiddenColumns }, required: ['list', 'hiddenColumns'], additionalProperties: false },
      response: { 200: columns },
    },
    handler: async (request) => saveOwnColumns(app.db, userOf(request), request.body),
  });
}
