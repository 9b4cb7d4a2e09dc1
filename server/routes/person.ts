/** Signers of a share (SPEC §7 Person): list with documents per SPEC §6, save, remove the second. */
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import { defineRoute, userOf } from '../http/route';
import { deletePerson, listPersons, savePerson } from '../services/persons';
import { dataOf, personDeleteBody, personDeleteResponse, personRecordSchema, personSaveBody, withDocumentsQuery } from './workspaceSchemas';

const tags = ['person'];

export default async function personRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, API.person.list, {
    schema: {
      tags,
      summary: "The share's signers, first then second",
      description: "Documents (the share's identity documents, on the first signer) only when asked and the fund profile or the brand's displayDocumentsInBackoffice allows it.",
      querystring: withDocumentsQuery,
      response: { 200: dataOf(personRecordSchema) },
    },
    handler: async (request) => ({ data: await listPersons(app.db, userOf(request), request.query.contractNumber, request.query.withDocuments) }),
  });

  defineRoute(app, API.person.save, {
    schema: {
      tags,
      summary: 'Creates or updates a signer (by share and signer order)',
      description: 'A field left out keeps its value; null or "" clears it. CPF, phone and e-mail follow SPEC §5; the two signers must differ in CPF and e-mail.',
      body: personSaveBody,
      response: { 200: personRecordSchema },
    },
    handler: async (request) => savePerson(app.db, userOf(request), request.body.shareId, request.body.person),
  });

  defineRoute(app, API.person.delete, {
    schema: { tags, summary: 'Removes the second signer', body: personDeleteBody, response: { 200: personDeleteResponse } },
    handler: async (request) => deletePerson(app.db, userOf(request), request.body.shareId, request.body.person),
  });
}
