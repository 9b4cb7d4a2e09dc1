/** Proposals on a share (SPEC §7 Proposal). */
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/domain/apiPaths';
import { defineRoute, userOf } from '../http/route';
import {
  contractFiles,
  editPrice,
  listProposals,
  paymentInformation,
  selectProposal,
  selectedProposal,
  transferInformation,
} from '../services/proposals';
import {
  contractNumberQuery,
  dataOf,
  editPriceBody,
  fileRefSchema,
  paymentInformationSchema,
  proposalIdQuery,
  proposalSchema,
  proposalSelectBody,
  transferInformationSchema,
} from './workspaceSchemas';

const tags = ['proposal'];

export default async function proposalRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, API.proposal.list, {
    schema: {
      tags,
      summary: "The share's proposals, oldest first",
      description: "A fund user sees its own fund's proposals only. `prices` is filled only when the brand and the administrator both allow multiple prices.",
      querystring: contractNumberQuery,
      response: { 200: dataOf(proposalSchema) },
    },
    handler: async (request) => ({ data: await listProposals(app.db, userOf(request), request.query.contractNumber) }),
  });

  defineRoute(app, API.proposal.selectedGet, {
    schema: { tags, summary: "The share's selected proposal (404 Proposal not found when none)", querystring: contractNumberQuery, response: { 200: proposalSchema } },
    handler: async (request) => selectedProposal(app.db, userOf(request), request.query.contractNumber),
  });

  defineRoute(app, API.proposal.select, {
    schema: {
      tags,
      summary: 'Selects a proposal of an available share (flag selectProposalEnabled)',
      description: 'One selected proposal per share. 403 while the flag is off; 409 when the share is not available.',
      body: proposalSelectBody,
      response: { 200: proposalSchema },
    },
    handler: async (request) => selectProposal(app.db, userOf(request), request.body.proposalId, app.config.featureFlags.selectProposalEnabled),
  });

  defineRoute(app, API.proposal.transferInformation, {
    schema: { tags, summary: 'Transfer fee, due date and buyer of a proposal', querystring: proposalIdQuery, response: { 200: transferInformationSchema } },
    handler: async (request) => transferInformation(app.db, userOf(request), request.query.proposalId),
  });

  defineRoute(app, API.proposal.contractFiles, {
    schema: { tags, summary: "The share's contract files (signed contract, summary, term of assignment)", querystring: proposalIdQuery, response: { 200: dataOf(fileRefSchema) } },
    handler: async (request) => ({ data: await contractFiles(app.db, userOf(request), request.query.proposalId) }),
  });

  defineRoute(app, API.proposal.editPrice, {
    schema: {
      tags,
      summary: "Edits a proposal's price (and its extra prices when multiple prices are allowed)",
      description: 'ownerDocument must be the share owner’s CPF/CNPJ. The same values answer 400 "Proposal data have no changes".',
      body: editPriceBody,
      response: { 200: proposalSchema },
    },
    handler: async (request) => editPrice(app.db, userOf(request), request.body),
  });

  defineRoute(app, API.proposal.paymentInformation, {
    schema: { tags, summary: 'How a proposal is paid, and when it was', querystring: proposalIdQuery, response: { 200: paymentInformationSchema } },
    handler: async (request) => paymentInformation(app.db, userOf(request), request.query.proposalId),
  });
}
