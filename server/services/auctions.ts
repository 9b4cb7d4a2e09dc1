/**
 * Auctions and direct sales (SPEC §7 Auction, docs/auctions.md): tenancy, the status machine of
 * src/domain/auctions.ts enforced, and the configuration's database rules.
 *
 * - Tenancy: an operator sees every auction; an administrator only its admId's; a fund only those
 *   it may bid on (its fund id among `fundIds`, or one of its players among `playerIds`). Another
 *   tenant's auction answers 404 "Auction not found", exactly like a missing one.
 * - Every move (create, next_step, cancel) locks the auction row (SELECT … FOR UPDATE), re-reads
 *   its status and writes auction_status_history in the same transaction: two concurrent moves
 *   cannot both apply, and the history always agrees with the status.
 */
import { type SQL, and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  AUCTION_CONFIG_EDITABLE,
  AUCTION_NEXT,
  type AuctionBuyerNames,
  type AuctionConfig,
  type AuctionConfigErrors,
  type AuctionConfigProblem,
  type AuctionInfo,
  type AuctionItem,
  type AuctionNextStepBlocker,
  type AuctionStatusHistoryItem,
  auctionNextStepBlocker,
  canCancelAuction,
  validateAuctionConfig,
} from '../../src/domain/auctions';
import type { AuctionStatus, PricingStatus } from '../../src/domain/enums';
import type { Db, Tx } from '../db/client';
import { administrators, auctionPricing, auctionStatusHistory, auctions, funds, players, shares, users } from '../db/schema';
import { DomainError, invalid, denied, notFound, conflict } from './errors';
import { isUuid } from './shareWorkflow';
import { scopeOf } from './tenant';
import type { AuthUser } from './users';
import { writeAudit } from './audit';

export type AuctionRow = typeof auctions.$inferSelect;
type Conn = Db | Tx;

export const auctionNotFound = () => notFound('Auction');
export const invalidTransition = (detail: string, errors?: Record<string, string>) => conflict(`Invalid auction status transition: ${detail}`, errors);
export const invalidStatus = (detail: string) => conflict(`Invalid auction status: ${detail}`);

/** The WHERE condition that keeps a query on `auctions` inside the user's tenant; undefined means all. */
export function auctionScopeCondition(user: AuthUser): SQL | undefined {
  const scope = scopeOf(user);
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'adm':
      return eq(auctions.admId, scope.admId);
    case 'fund':
      return sql`(${auctions.config} -> 'fundIds' @> ${JSON.stringify([scope.fundId])}::jsonb
        or exists (select 1 from ${players} where ${players.fundId} = ${scope.fundId} and ${auctions.config} -> 'playerIds' @> to_jsonb(${players.id})))`;
    case 'none':
      return sql`false`;
  }
}

/** The auction inside the user's tenant, locked for the rest of the transaction when `lock`. */
export async function findAuction(db: Conn, user: AuthUser, auctionId: string, lock = false): Promise<AuctionRow> {
  if (!isUuid(auctionId)) throw auctionNotFound();
  const query = db
    .select()
    .from(auctions)
    .where(and(eq(auctions.id, auctionId), auctionScopeCondition(user)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw auctionNotFound();
  return row;
}

const iso = (d: Date) => d.toISOString();

export const toAuctionItem = (row: AuctionRow, administratorName: string | null): AuctionItem => ({
  auctionId: row.id,
  isAuction: row.isAuction,
  status: row.status,
  name: typeof row.config.name === 'string' ? row.config.name : null,
  admId: row.admId,
  administratorName,
  startsAt: typeof row.config.startsAt === 'string' ? row.config.startsAt : null,
  endsAt: typeof row.config.endsAt === 'string' ? row.config.endsAt : null,
  shareCount: Array.isArray(row.config.contractNumbers) ? row.config.contractNumbers.length : 0,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

export async function latestPricingStatus(db: Conn, auctionId: string): Promise<PricingStatus | null> {
  const [row] = await db
    .select({ status: auctionPricing.status })
    .from(auctionPricing)
    .where(eq(auctionPricing.auctionId, auctionId))
    .orderBy(desc(auctionPricing.createdAt), desc(auctionPricing.id))
    .limit(1);
  return row?.status ?? null;
}

// ---------------------------------------------------------------------------------------------
// Configuration

const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/**
 * The configuration as it will be stored: known keys only, text trimmed, instants in ISO form,
 * buyer ids once each. Wrong types are kept as they are so validateAuctionConfig reports them.
 */
export function normalizeConfig(raw: Record<string, unknown>): Partial<AuctionConfig> {
  const instant = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : v);
  const ids = (v: unknown) => (Array.isArray(v) ? [...new Set(v)] : v);
  const min = raw.minimumPrice as { kind?: unknown; value?: unknown } | null | undefined;
  return {
    name: typeof raw.name === 'string' ? raw.name.trim() : (raw.name as string),
    startsAt: instant(raw.startsAt) as string,
    endsAt: instant(raw.endsAt) as string,
    contractNumbers: Array.isArray(raw.contractNumbers) ? raw.contractNumbers.map((n) => (typeof n === 'string' ? n.trim() : n)) : (raw.contractNumbers as string[]),
    fundIds: ids(raw.fundIds) as number[],
    playerIds: ids(raw.playerIds) as number[],
    minimumPrice: min && typeof min === 'object' ? ({ kind: min.kind, value: min.value } as AuctionConfig['minimumPrice']) : (min as unknown as AuctionConfig['minimumPrice']),
  };
}

const OPEN: AuctionStatus[] = ['created', 'pricing', 'processing', 'live'];

export interface ConfigCheck {
  errors: AuctionConfigErrors;
  /** Every problem the database rules found, each with its culprits (the form lists them all). */
  problems: AuctionConfigProblem[];
  /** The first problem in words, for the 400 message. */
  detail: string | null;
}

/** A 400 of save_config that lists every problem of the configuration (the route answers `problems`). */
export class ConfigProblemsError extends DomainError {
  constructor(
    message: string,
    errors: AuctionConfigErrors,
    readonly problems: AuctionConfigProblem[],
  ) {
    super('invalid', message, { errors: errors as Record<string, string>, extra: { problems } });
  }
}

/**
 * The rules that need the database, over the parts of a configuration that passed
 * validateAuctionConfig: the shares exist, belong to the administrator, are available and are in no
 * other open auction; the funds exist and the players exist and are enabled. Every problem is
 * collected, each naming its contracts (and the other auction by name), so one save tells the user
 * everything to fix; `errors` keeps one code per field (the first) for callers that read only it.
 */
export async function configDatabaseErrors(db: Conn, admId: number | null, auctionId: string | null, config: Partial<AuctionConfig>): Promise<ConfigCheck> {
  const errors: AuctionConfigErrors = {};
  const problems: AuctionConfigProblem[] = [];
  const details: string[] = [];
  const fail = (problem: AuctionConfigProblem, detail: string) => {
    errors[problem.field] ??= problem.code;
    problems.push(problem);
    details.push(detail);
  };
  const contracts = asList(config.contractNumbers).filter((c): c is string => typeof c === 'string');
  if (contracts.length) {
    const found = await db
      .select({ contractNumber: shares.contractNumber, state: shares.state })
      .from(shares)
      .where(and(sql`${shares.contractNumber} in (select jsonb_array_elements_text(${JSON.stringify(contracts)}::jsonb))`, admId === null ? sql`false` : eq(shares.admId, admId)));
    const byNumber = new Map(found.map((s) => [s.contractNumber, s.state]));
    const missing = contracts.filter((c) => !byNumber.has(c));
    const unavailable = contracts.filter((c) => byNumber.has(c) && byNumber.get(c) !== 'available');
    if (missing.length) fail({ field: 'contractNumbers', code: 'sharesNotFound', contracts: missing }, `contract not found: ${missing.slice(0, 5).join(', ')}`);
    if (unavailable.length) fail({ field: 'contractNumbers', code: 'sharesUnavailable', contracts: unavailable }, `share not available: ${unavailable.slice(0, 5).join(', ')}`);
    const mine = contracts.filter((c) => byNumber.has(c));
    if (mine.length) {
      const others = await db
        .select({ id: auctions.id, isAuction: auctions.isAuction, config: auctions.config })
        .from(auctions)
        .where(
          and(
            inArray(auctions.status, OPEN),
            auctionId ? sql`${auctions.id} <> ${auctionId}` : undefined,
            admId === null ? sql`false` : eq(auctions.admId, admId),
            sql`jsonb_exists_any(${auctions.config} -> 'contractNumbers', array(select jsonb_array_elements_text(${JSON.stringify(mine)}::jsonb)))`,
          ),
        )
        .orderBy(asc(auctions.createdAt), asc(auctions.id));
      for (const other of others) {
        const theirs = new Set(asList(other.config.contractNumbers));
        const name = typeof other.config.name === 'string' ? other.config.name : null;
        fail(
          { field: 'contractNumbers', code: 'sharesInOtherAuction', contracts: mine.filter((c) => theirs.has(c)), auction: { auctionId: other.id, name, isAuction: other.isAuction } },
          `a share is already in the open auction ${other.id}`,
        );
      }
    }
  }
  const fundIds = asList(config.fundIds).filter((n): n is number => Number.isInteger(n));
  const playerIds = asList(config.playerIds).filter((n): n is number => Number.isInteger(n));
  const [foundFunds, foundPlayers] = await Promise.all([
    fundIds.length ? db.select({ id: funds.id }).from(funds).where(inArray(funds.id, fundIds)) : [],
    playerIds.length
      ? db
          .select({ id: players.id })
          .from(players)
          .where(and(inArray(players.id, playerIds), eq(players.enabled, true)))
      : [],
  ]);
  const fundsKnown = new Set(foundFunds.map((f) => f.id));
  const playersKnown = new Set(foundPlayers.map((p) => p.id));
  const badFunds = fundIds.filter((id) => !fundsKnown.has(id));
  const badPlayers = playerIds.filter((id) => !playersKnown.has(id));
  if (badFunds.length) fail({ field: 'buyers', code: 'buyersNotFound', fundIds: badFunds }, 'fund not found');
  if (badPlayers.length) fail({ field: 'buyers', code: 'buyersNotFound', playerIds: badPlayers }, 'player not found or not enabled');
  return { errors, problems, detail: details[0] ?? null };
}

/**
 * Both sets of rules, all at once: the database rules run over the fields that passed their own
 * (a name too short does not hide a contract that does not exist). `detail` names the first problem.
 */
export async function checkConfig(db: Conn, row: Pick<AuctionRow, 'admId' | 'id'>, config: Partial<AuctionConfig>, now = Date.now()): Promise<ConfigCheck> {
  const own = validateAuctionConfig(config, now);
  const checkable: Partial<AuctionConfig> = {
    contractNumbers: own.contractNumbers ? [] : config.contractNumbers,
    fundIds: own.buyers ? [] : config.fundIds,
    playerIds: own.buyers ? [] : config.playerIds,
  };
  const db_ = await configDatabaseErrors(db, row.admId, row.id, checkable);
  const ownDetail = Object.entries(own)[0];
  return {
    errors: { ...db_.errors, ...own },
    problems: db_.problems,
    detail: ownDetail ? `${ownDetail[0]} ${ownDetail[1]}` : db_.detail,
  };
}

/**
 * Serializes, until the transaction ends, every transaction that checks "no other open auction
 * offers these shares" for one administrator: two saves (or a save and a move out of created) on
 * different auctions each lock only their own row, so without this both would pass the check and
 * both offer the same share. Taken after the auction row, and no auction row is locked while it is
 * held, so it cannot deadlock. Read committed: the check that follows sees what the previous holder
 * committed.
 */
const SHARE_OFFER_LOCK = 41_017;
export async function lockShareOffers(db: Conn, admId: number | null): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${SHARE_OFFER_LOCK}::int, ${admId ?? 0}::int)`);
}

// ---------------------------------------------------------------------------------------------
// The status machine

interface Gate {
  blocker: AuctionNextStepBlocker | null;
  configErrors: AuctionConfigErrors;
  latestPricing: PricingStatus | null;
}

/** Why next_step would be refused now (the same answer info shows and next_step enforces). */
export async function gateOf(db: Conn, row: AuctionRow): Promise<Gate> {
  const latestPricing = await latestPricingStatus(db, row.id);
  let configErrors: AuctionConfigErrors = {};
  // The database rules are re-checked only where they gate the move: a share sold since the
  // configuration was saved must stop the auction from starting its pricing.
  if (row.status === 'created') configErrors = (await checkConfig(db, row, row.config)).errors;
  const blocker = auctionNextStepBlocker({ status: row.status, configValid: Object.keys(configErrors).length === 0, latestPricing });
  return { blocker, configErrors, latestPricing };
}

export async function auctionInfo(db: Conn, row: AuctionRow): Promise<AuctionInfo> {
  const [adm] = row.admId === null ? [] : await db.select({ name: administrators.name }).from(administrators).where(eq(administrators.id, row.admId)).limit(1);
  const gate = await gateOf(db, row);
  return {
    ...toAuctionItem(row, adm?.name ?? null),
    config: row.config,
    nextStatus: AUCTION_NEXT[row.status],
    nextStepBlocker: gate.blocker,
    cancelable: canCancelAuction(row.status),
    latestPricing: gate.latestPricing,
    buyers: await buyerNames(db, row.config),
  };
}

/** Names of the configured buyers, so every profile reads them (a fund may not list funds or players). */
async function buyerNames(db: Conn, config: Partial<AuctionConfig>): Promise<AuctionBuyerNames> {
  const fundIds = asList(config.fundIds).filter((n): n is number => Number.isInteger(n));
  const playerIds = asList(config.playerIds).filter((n): n is number => Number.isInteger(n));
  const [fundRows, playerRows] = await Promise.all([
    fundIds.length ? db.select({ id: funds.id, name: funds.name }).from(funds).where(inArray(funds.id, fundIds)) : [],
    playerIds.length ? db.select({ id: players.id, name: players.name }).from(players).where(inArray(players.id, playerIds)) : [],
  ]);
  return { funds: fundRows, players: playerRows };
}

export async function createAuction(db: Db, user: AuthUser, body: { isAuction: boolean; admId?: number }): Promise<AuctionInfo> {
  let admId: number;
  if (user.profile === 'adm') {
    if (user.admId === null) throw denied();
    if (body.admId !== undefined && body.admId !== user.admId) throw notFound('Administrator');
    admId = user.admId;
  } else {
    if (body.admId === undefined) throw invalid('admId is required', { admId: 'admId is required' });
    admId = body.admId;
  }
  const [adm] = await db.select({ id: administrators.id }).from(administrators).where(eq(administrators.id, admId)).limit(1);
  if (!adm) throw notFound('Administrator');
  const row = await db.transaction(async (tx) => {
    const [created] = await tx.insert(auctions).values({ admId, isAuction: body.isAuction, status: 'created', config: {}, createdBy: user.id }).returning();
    await tx.insert(auctionStatusHistory).values({ auctionId: created.id, fromStatus: null, toStatus: 'created', userId: user.id, at: created.createdAt });
    await writeAudit(tx, { userId: user.id, action: 'auction.create', objectType: 'auction', objectId: created.id, admId, before: null, after: { isAuction: created.isAuction, status: created.status } });
    return created;
  });
  return auctionInfo(db, row);
}

export type AuctionMove = 'next_step' | 'cancel';

/** next_step or cancel, on the locked row, with its history row; answers the auction after the move. */
export async function moveAuction(db: Db, user: AuthUser, auctionId: string, move: AuctionMove, fromStatus?: AuctionStatus): Promise<AuctionInfo> {
  const row = await db.transaction(async (tx) => {
    const current = await findAuction(tx, user, auctionId, true);
    if (fromStatus && fromStatus !== current.status) throw invalidTransition(`the auction is ${current.status}, not ${fromStatus}`);
    let to: AuctionStatus;
    if (move === 'cancel') {
      if (!canCancelAuction(current.status)) throw invalidTransition(`a ${current.status} auction cannot be canceled`);
      to = 'canceled';
    } else {
      const next = AUCTION_NEXT[current.status];
      if (!next) throw invalidTransition(`no next step from ${current.status}`);
      if (current.status === 'created') await lockShareOffers(tx, current.admId);
      const gate = await gateOf(tx, current);
      if (gate.blocker === 'configIncomplete') throw invalidTransition('the configuration is incomplete', gate.configErrors);
      if (gate.blocker === 'pricingNotProcessed') throw invalidTransition('the latest pricing spreadsheet is not processed');
      to = next;
    }
    const now = new Date();
    const [moved] = await tx.update(auctions).set({ status: to, updatedAt: now }).where(eq(auctions.id, current.id)).returning();
    await tx.insert(auctionStatusHistory).values({ auctionId: current.id, fromStatus: current.status, toStatus: to, userId: user.id, at: now });
    await writeAudit(tx, { userId: user.id, action: `auction.${move}`, objectType: 'auction', objectId: current.id, admId: current.admId, before: { status: current.status }, after: { status: to } });
    return moved;
  });
  return auctionInfo(db, row);
}

/**
 * Saves the whole configuration (a save replaces the previous one). Only while created or pricing;
 * in pricing, the shares and the minimum price are frozen once a spreadsheet was sent, because the
 * spreadsheets were checked against them.
 */
export async function saveAuctionConfig(db: Db, user: AuthUser, auctionId: string, raw: Record<string, unknown>): Promise<AuctionInfo> {
  const config = normalizeConfig(raw);
  const row = await db.transaction(async (tx) => {
    const current = await findAuction(tx, user, auctionId, true);
    if (!AUCTION_CONFIG_EDITABLE.includes(current.status)) throw invalidStatus(`the configuration can change only while ${AUCTION_CONFIG_EDITABLE.join(' or ')}, not ${current.status}`);
    await lockShareOffers(tx, current.admId);
    const check = await checkConfig(tx, current, config);
    if (Object.keys(check.errors).length) throw new ConfigProblemsError(`Invalid auction configuration: ${check.detail}`, check.errors, check.problems);
    if (current.status === 'pricing') {
      const sameShares = JSON.stringify([...(current.config.contractNumbers ?? [])].sort()) === JSON.stringify([...(config.contractNumbers ?? [])].sort());
      const sameMinimum = JSON.stringify(current.config.minimumPrice ?? null) === JSON.stringify(config.minimumPrice);
      if (!sameShares || !sameMinimum) {
        const [run] = await tx.select({ id: auctionPricing.id }).from(auctionPricing).where(eq(auctionPricing.auctionId, current.id)).limit(1);
        if (run) throw invalidStatus('the shares and the minimum price cannot change after a pricing spreadsheet was sent; remove the spreadsheets first');
      }
    }
    const [saved] = await tx.update(auctions).set({ config, updatedAt: new Date() }).where(eq(auctions.id, current.id)).returning();
    await writeAudit(tx, { userId: user.id, action: 'auction.save_config', objectType: 'auction', objectId: current.id, admId: current.admId, before: { ...current.config }, after: { ...config } });
    return saved;
  });
  return auctionInfo(db, row);
}

export async function auctionStatusHistoryOf(db: Db, user: AuthUser, auctionId: string): Promise<AuctionStatusHistoryItem[]> {
  const row = await findAuction(db, user, auctionId);
  const rows = await db
    .select({ fromStatus: auctionStatusHistory.fromStatus, toStatus: auctionStatusHistory.toStatus, userName: users.name, at: auctionStatusHistory.at })
    .from(auctionStatusHistory)
    .leftJoin(users, eq(users.id, auctionStatusHistory.userId))
    .where(eq(auctionStatusHistory.auctionId, row.id))
    .orderBy(asc(auctionStatusHistory.at), asc(auctionStatusHistory.id));
  return rows.map((r) => ({ fromStatus: r.fromStatus, toStatus: r.toStatus, userName: r.userName, at: iso(r.at) }));
}
