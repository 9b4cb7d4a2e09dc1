/**
 * Proposals on a share: lists, the selected one, selection (behind selectProposalEnabled), price
 * edits, and what the transfer and the payment of a proposal take. A fund user sees only its own
 * fund's proposals; everyone else sees every proposal of the shares in scope.
 */
import { addBusinessDays } from '@brazilian-utils/brazilian-utils';
import { type SQL, and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { DocumentType, PaymentType } from '../../src/domain/enums';
import { MONEY_MAX } from '../../src/domain/money';
import { stripMask } from '../../src/domain/validation';
import { multipricesAllowed } from '../../src/domain/whiteLabel';
import type { FileRef, PaymentInformation, Proposal, TransferInformation } from '../../src/domain/workspace';
import type { Db } from '../db/client';
import { files, funds, players, proposals, shareHistory, shares } from '../db/schema';
import { invalid, denied, notFound, conflict } from './errors';
import { writeEditEntry } from './history';
import { type DbOrTx, type ScopedShare, findScopedShare, isUuid, scopedShareColumns, shareBrand, shareFiles, toFileRef, touchShare } from './shareAccess';
import { scopeOf, shareScopeCondition } from './tenant';
import type { AuthUser } from './users';

export const CONTRACT_DOCUMENT_TYPES: readonly DocumentType[] = ['SIGNED_CONTRACT', 'CONTRACT_SUMMARY', 'TERM_OF_ASSIGNMENT_ADM'];
/** The administrator's transfer fee: 1 % of the proposal's price, at least R$ 100,00. */
export const TRANSFER_FEE_RATE = 0.01;
export const TRANSFER_FEE_MIN = 100;
/** The transfer fee is due 5 Brazilian business days after the proposal was last updated (selected). */
export const TRANSFER_DUE_BUSINESS_DAYS = 5;
/** Installments of a split payment when the proposal does not say. */
export const DEFAULT_INSTALLMENTS = 12;

export const PROPOSAL_MESSAGES = {
  selectDisabled: 'Permission denied: proposal selection is disabled',
  selectState: 'Invalid share state: a proposal can only be selected while the share is available',
  editState: 'Invalid share state: the price of a paid share cannot change',
  editRejected: 'Invalid proposal state: the price of a rejected proposal cannot change',
  ownerDocument: 'Invalid owner document',
  noChanges: 'Proposal data have no changes',
  price: 'Invalid price',
  prices: 'Invalid prices: multiple prices are not allowed for this administrator',
} as const;

/** Stored statuses as the API names them (the seed's declined/canceled read rejected/released). */
const STATUS: Record<string, Proposal['status']> = { open: 'open', selected: 'selected', released: 'released', accepted: 'accepted', rejected: 'rejected', declined: 'rejected', canceled: 'released' };

type PriceEntry = { label: string; price: string };

const proposalColumns = {
  id: proposals.id,
  shareId: proposals.shareId,
  playerId: proposals.playerId,
  playerName: players.name,
  playerDocument: players.document,
  fundId: proposals.fundId,
  fundName: funds.name,
  fundDocument: funds.cnpj,
  price: proposals.price,
  paymentType: proposals.paymentType,
  status: proposals.status,
  selected: proposals.selected,
  data: proposals.data,
  createdAt: proposals.createdAt,
  updatedAt: proposals.updatedAt,
};

interface ProposalRow {
  id: string;
  shareId: string;
  playerId: number | null;
  playerName: string | null;
  playerDocument: string | null;
  fundId: number | null;
  fundName: string | null;
  fundDocument: string | null;
  price: string;
  paymentType: PaymentType;
  status: string;
  selected: boolean;
  data: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}

const storedPrices = (data: Record<string, unknown>): PriceEntry[] =>
  Array.isArray(data.prices) ? (data.prices as unknown[]).filter((p): p is PriceEntry => !!p && typeof (p as PriceEntry).label === 'string' && typeof (p as PriceEntry).price === 'string') : [];

const toProposal = (r: ProposalRow, multiprices: boolean): Proposal => ({
  proposalId: r.id,
  shareId: r.shareId,
  playerId: r.playerId,
  playerName: r.playerName,
  fundId: r.fundId,
  fundName: r.fundName,
  price: r.price,
  prices: multiprices ? storedPrices(r.data) : [],
  paymentType: r.paymentType,
  status: STATUS[r.status] ?? 'open',
  selected: r.selected,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** A fund user sees its own fund's proposals only. */
const fundCondition = (user: AuthUser): SQL | undefined => (user.profile === 'fund' ? eq(proposals.fundId, user.fundId ?? -1) : undefined);

const proposalQuery = (db: DbOrTx, where: SQL | undefined) =>
  db.select(proposalColumns).from(proposals).leftJoin(players, eq(players.id, proposals.playerId)).leftJoin(funds, eq(funds.id, proposals.fundId)).where(where);

async function allowsMultiprices(db: DbOrTx, admId: number): Promise<boolean> {
  const { whiteLabel, admConfig } = await shareBrand(db, admId);
  return multipricesAllowed(whiteLabel, admConfig);
}

export async function listProposals(db: Db, user: AuthUser, contractNumber: string): Promise<Proposal[]> {
  const share = await findScopedShare(db, user, { contractNumber });
  const [rows, multi] = await Promise.all([
    proposalQuery(db, and(eq(proposals.shareId, share.id), fundCondition(user))).orderBy(asc(proposals.createdAt), asc(proposals.id)),
    allowsMultiprices(db, share.admId),
  ]);
  return rows.map((r) => toProposal(r, multi));
}

export async function selectedProposal(db: Db, user: AuthUser, contractNumber: string): Promise<Proposal> {
  const share = await findScopedShare(db, user, { contractNumber });
  const [row] = await proposalQuery(db, and(eq(proposals.shareId, share.id), eq(proposals.selected, true), fundCondition(user)))
    .orderBy(desc(proposals.updatedAt))
    .limit(1);
  if (!row) throw notFound('Proposal');
  return toProposal(row, await allowsMultiprices(db, share.admId));
}

/** A proposal inside the user's scope (its share's tenant, and the fund's own proposals), with its share. */
async function findProposal(db: DbOrTx, user: AuthUser, proposalId: string, forUpdate = false): Promise<{ proposal: ProposalRow; share: ScopedShare }> {
  if (!isUuid(proposalId)) throw notFound('Proposal');
  const [found] = await db
    .select({ shareId: proposals.shareId })
    .from(proposals)
    .innerJoin(shares, eq(shares.id, proposals.shareId))
    .where(and(eq(proposals.id, proposalId), shareScopeCondition(scopeOf(user)), fundCondition(user)))
    .limit(1);
  if (!found) throw notFound('Proposal');
  // Lock the share first (every write on a share does), then read the proposal as it is now.
  const shareQuery = db.select(scopedShareColumns).from(shares).where(eq(shares.id, found.shareId)).limit(1);
  const [share] = forUpdate ? await shareQuery.for('update') : await shareQuery;
  const [proposal] = await proposalQuery(db, eq(proposals.id, proposalId)).limit(1);
  if (!share || !proposal) throw notFound('Proposal');
  return { proposal, share };
}

export async function selectProposal(db: Db, user: AuthUser, proposalId: string, enabled: boolean): Promise<Proposal> {
  if (!enabled) throw denied(PROPOSAL_MESSAGES.selectDisabled);
  return db.transaction(async (tx) => {
    const { proposal, share } = await findProposal(tx, user, proposalId, true);
    // The state it is in: the app names it (errors.proposalSelectStateNamed).
    if (share.state !== 'available') throw conflict(`${PROPOSAL_MESSAGES.selectState} (it is ${share.state})`);
    const multi = await allowsMultiprices(tx, share.admId);
    if (proposal.selected) return toProposal(proposal, multi);
    await tx
      .update(proposals)
      .set({ selected: false, status: 'open', updatedAt: new Date() })
      .where(and(eq(proposals.shareId, share.id), eq(proposals.selected, true), ne(proposals.id, proposal.id)));
    await tx.update(proposals).set({ selected: true, status: 'selected', updatedAt: new Date() }).where(eq(proposals.id, proposal.id));
    await touchShare(tx, share.id);
    await writeEditEntry(tx, {
      shareId: share.id,
      action: 'proposal_select',
      userId: user.id,
      note: `Proposta de ${proposal.playerName ?? proposal.fundName ?? 'comprador'} selecionada`,
      audit: {
        action: 'proposal.select',
        objectType: 'proposal',
        objectId: proposal.id,
        before: { selected: false, status: proposal.status },
        after: { selected: true, status: 'selected', buyer: proposal.playerName ?? proposal.fundName ?? null },
      },
    });
    const [saved] = await proposalQuery(tx, eq(proposals.id, proposal.id)).limit(1);
    return toProposal(saved, multi);
  });
}

const money = (n: number): string => (Math.round(n * 100) / 100).toFixed(2);
const isoDate = (d: Date): string => d.toISOString().slice(0, 10);

export async function transferInformation(db: Db, user: AuthUser, proposalId: string): Promise<TransferInformation> {
  const { proposal } = await findProposal(db, user, proposalId);
  const fee = Math.max(Number(proposal.price) * TRANSFER_FEE_RATE, TRANSFER_FEE_MIN);
  const due = addBusinessDays(proposal.updatedAt, TRANSFER_DUE_BUSINESS_DAYS);
  const buyer =
    proposal.fundId !== null && proposal.fundName
      ? { name: proposal.fundName, document: proposal.fundDocument ?? '' }
      : proposal.playerName
        ? { name: proposal.playerName, document: proposal.playerDocument ?? '' }
        : null;
  const billetLine = typeof proposal.data.billetLine === 'string' ? proposal.data.billetLine : null;
  return { proposalId: proposal.id, transferFee: money(fee), dueDate: due ? isoDate(due) : null, buyer, billetLine };
}

export async function contractFiles(db: Db, user: AuthUser, proposalId: string): Promise<FileRef[]> {
  const { share } = await findProposal(db, user, proposalId);
  return shareFiles(db, share.id, CONTRACT_DOCUMENT_TYPES);
}

export async function paymentInformation(db: Db, user: AuthUser, proposalId: string): Promise<PaymentInformation> {
  const { proposal, share } = await findProposal(db, user, proposalId);
  const stored = Number(proposal.data.installments);
  const installments = proposal.paymentType === 'split_in_installments' ? (Number.isInteger(stored) && stored > 0 ? stored : DEFAULT_INSTALLMENTS) : 1;
  let paidDate: string | null = null;
  let proof: FileRef | null = null;
  if (proposal.selected && share.state === 'payment_done') {
    // set_paid stores the date the user declared and its proof on the proposal; shares paid before
    // that (the seed) fall back to the move's history entry and the share's latest payment proof.
    const declaredDate = typeof proposal.data.paidDate === 'string' ? proposal.data.paidDate : null;
    const declaredProof = typeof proposal.data.proofFileId === 'string' ? proposal.data.proofFileId : null;
    if (declaredDate) paidDate = declaredDate;
    else {
      const [paid] = await db
        .select({ at: shareHistory.at })
        .from(shareHistory)
        .where(and(eq(shareHistory.shareId, share.id), eq(shareHistory.action, 'set_paid')))
        .orderBy(desc(shareHistory.at), desc(shareHistory.id))
        .limit(1);
      if (paid) paidDate = paid.at.toISOString();
    }
    const [file] = await db
      .select()
      .from(files)
      .where(
        declaredProof
          ? and(eq(files.id, declaredProof), eq(files.status, 'complete'))
          : and(eq(files.shareId, share.id), eq(files.status, 'complete'), inArray(files.documentType, ['PAYMENT_PROOF'])),
      )
      .orderBy(desc(files.createdAt), desc(files.id))
      .limit(1);
    if (file) proof = toFileRef(file);
  }
  return { proposalId: proposal.id, paymentType: proposal.paymentType, amount: proposal.price, installments, paidDate, proof };
}

const PRICE = /^\d{1,12}(\.\d{1,2})?$/;
/** '1500', '1500.5' or 1500.5 → '1500.50'; null when it is not a positive amount up to the app's MONEY_MAX. */
export function normalizePrice(v: unknown): string | null {
  const text = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : typeof v === 'string' ? v.trim() : '';
  if (!PRICE.test(text) || Number(text) <= 0 || Number(text) > MONEY_MAX) return null;
  return Number(text).toFixed(2);
}

const sameOwner = (a: string | null, b: string): boolean => !!a && stripMask(a).toUpperCase() === stripMask(b).toUpperCase();

export interface EditPriceInput {
  shareId: string;
  ownerDocument: string;
  proposalId: string;
  price: string | number;
  prices?: { label: string; price: string | number }[];
}

export async function editPrice(db: Db, user: AuthUser, input: EditPriceInput): Promise<Proposal> {
  const price = normalizePrice(input.price);
  if (!price) throw invalid(PROPOSAL_MESSAGES.price, { price: PROPOSAL_MESSAGES.price });
  let prices: PriceEntry[] | undefined;
  if (input.prices) {
    prices = [];
    for (const [i, p] of input.prices.entries()) {
      const value = normalizePrice(p.price);
      if (!value) throw invalid(PROPOSAL_MESSAGES.price, { [`prices.${i}.price`]: PROPOSAL_MESSAGES.price });
      prices.push({ label: p.label.trim(), price: value });
    }
  }
  return db.transaction(async (tx) => {
    const share = await findScopedShare(tx, user, { shareId: input.shareId }, { forUpdate: true });
    if (!sameOwner(share.ownerDocument, input.ownerDocument)) throw invalid(PROPOSAL_MESSAGES.ownerDocument, { ownerDocument: PROPOSAL_MESSAGES.ownerDocument });
    if (!isUuid(input.proposalId)) throw notFound('Proposal');
    const [proposal] = await proposalQuery(tx, and(eq(proposals.id, input.proposalId), eq(proposals.shareId, share.id))).limit(1);
    if (!proposal) throw notFound('Proposal');
    if (share.state === 'payment_done') throw conflict(PROPOSAL_MESSAGES.editState);
    // The buyer's refusal was of that price: a new one would be an offer nobody made.
    if (STATUS[proposal.status] === 'rejected') throw conflict(PROPOSAL_MESSAGES.editRejected);
    const multi = await allowsMultiprices(tx, share.admId);
    if (prices && prices.length > 0 && !multi) throw invalid(PROPOSAL_MESSAGES.prices, { prices: PROPOSAL_MESSAGES.prices });
    const oldPrices = storedPrices(proposal.data);
    const samePrices = prices === undefined || JSON.stringify(prices) === JSON.stringify(oldPrices);
    if (Number(proposal.price).toFixed(2) === price && samePrices) throw invalid(PROPOSAL_MESSAGES.noChanges);
    const data = prices === undefined ? proposal.data : { ...proposal.data, prices };
    await tx.update(proposals).set({ price, data, updatedAt: new Date() }).where(eq(proposals.id, proposal.id));
    await touchShare(tx, share.id);
    await writeEditEntry(tx, {
      shareId: share.id,
      action: 'proposal_edit_price',
      userId: user.id,
      note: `Preço alterado de ${proposal.price} para ${price}`,
      audit: {
        action: 'proposal.edit_price',
        objectType: 'proposal',
        objectId: proposal.id,
        before: { price: Number(proposal.price).toFixed(2), ...(prices !== undefined ? { prices: oldPrices } : {}) },
        after: { price, ...(prices !== undefined ? { prices } : {}) },
      },
    });
    const [saved] = await proposalQuery(tx, eq(proposals.id, proposal.id)).limit(1);
    return toProposal(saved, multi);
  });
}
