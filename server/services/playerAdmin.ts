/**
 * Player management (issue 11), operators only: the record, create, edit and disable/enable (the
 * list stays in routes/player.ts). A player's document is a CPF or a CNPJ, stored unmasked (an
 * alphanumeric CNPJ upper-cased), as the seed stores them; its fund, when it has one, must exist.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PLAYER_FILTER_KEYS, type PlayerSortField } from '../../src/domain/referenceLists';
import type { ListResponse, PlayerItem } from '../../src/domain/shareList';
import { type ManagedPlayer, NAME_MAX_LENGTH, type PlayerInput } from '../../src/domain/management';
import { isCnpj, isCpf, onlyDigits } from '../../src/domain/validation';
import { cnpjDigits } from '../../src/domain/whiteLabel';
import type { Db, Tx } from '../db/client';
import { funds, players } from '../db/schema';
import { type FieldErrors, DomainError, invalid } from './errors';
import { setEnabledAudited, writeAudit } from './audit';
import { type ReferenceListQuery, orderBy, parseReferenceFilters, searchCondition } from './referenceLists';
import type { AuthUser } from './users';

export const PLAYER_MESSAGES = {
  // The catalogue's not-found list gains "player" in SPEC §8's style (src/domain/errorCatalogue.ts).
  notFound: 'Player not found',
  nameRequired: 'name is required',
  nameTooLong: `Invalid name: at most ${NAME_MAX_LENGTH} characters`,
  documentInvalid: 'Invalid document: use a valid CPF or CNPJ',
  fundIdUnknown: 'Invalid fundId: fund not found or disabled',
} as const;

type PlayerRow = typeof players.$inferSelect;

export const toManagedPlayer = (row: PlayerRow): ManagedPlayer => ({
  playerId: row.id,
  name: row.name,
  document: row.document,
  fundId: row.fundId,
  enabled: row.enabled,
  createdAt: row.createdAt.toISOString(),
});

async function scopedPlayer(db: Db | Tx, playerId: number, lock = false): Promise<PlayerRow> {
  const q = db.select().from(players).where(eq(players.id, playerId)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new DomainError('notFound', PLAYER_MESSAGES.notFound);
  return row;
}

export const getPlayer = async (db: Db, playerId: number): Promise<ManagedPlayer> => toManagedPlayer(await scopedPlayer(db, playerId));

interface Checked {
  name?: string;
  document?: string;
  fundId?: number | null;
}

function checked(input: PlayerInput): Checked {
  const errors: FieldErrors = {};
  const out: Checked = {};
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (!name) errors.name = PLAYER_MESSAGES.nameRequired;
    else if ([...name].length > NAME_MAX_LENGTH) errors.name = PLAYER_MESSAGES.nameTooLong;
    else out.name = name;
  }
  if (input.document !== undefined) {
    const doc = input.document.trim();
    if (isCpf(doc)) out.document = onlyDigits(doc);
    else if (isCnpj(doc)) out.document = cnpjDigits(doc);
    else errors.document = PLAYER_MESSAGES.documentInvalid;
  }
  if (input.fundId !== undefined) out.fundId = input.fundId;
  const first = Object.values(errors)[0];
  if (first) throw invalid(first, errors);
  return out;
}

/** A new link to a fund needs an enabled one; a player keeps the fund it already has even once disabled. */
async function checkFund(tx: Tx, fundId: number | null | undefined, current: number | null = null): Promise<void> {
  if (fundId === undefined || fundId === null || fundId === current) return;
  const [fund] = await tx
    .select({ id: funds.id })
    .from(funds)
    .where(and(eq(funds.id, fundId), eq(funds.enabled, true)))
    .limit(1);
  if (!fund) throw invalid(PLAYER_MESSAGES.fundIdUnknown, { fundId: PLAYER_MESSAGES.fundIdUnknown });
}

export async function createPlayer(db: Db, caller: AuthUser, input: PlayerInput & { name: string; document: string }): Promise<ManagedPlayer> {
  const c = checked(input);
  return db.transaction(async (tx) => {
    await checkFund(tx, c.fundId);
    const [row] = await tx.insert(players).values({ name: c.name!, document: c.document!, fundId: c.fundId ?? null }).returning();
    const player = toManagedPlayer(row);
    await writeAudit(tx, { userId: caller.id, action: 'player.create', objectType: 'player', objectId: row.id, before: null, after: { ...player } });
    return player;
  });
}

export async function updatePlayer(db: Db, caller: AuthUser, input: PlayerInput & { playerId: number }): Promise<ManagedPlayer> {
  const c = checked(input);
  return db.transaction(async (tx) => {
    const before = await scopedPlayer(tx, input.playerId, true);
    await checkFund(tx, c.fundId, before.fundId);
    const [row] = Object.keys(c).length ? await tx.update(players).set(c).where(eq(players.id, before.id)).returning() : [before];
    const player = toManagedPlayer(row);
    await writeAudit(tx, { userId: caller.id, action: 'player.update', objectType: 'player', objectId: row.id, before: { ...toManagedPlayer(before) }, after: { ...player } });
    return player;
  });
}

export async function setPlayerEnabled(db: Db, caller: AuthUser, playerId: number, enabled: boolean): Promise<ManagedPlayer> {
  return db.transaction(async (tx) => {
    const before = await scopedPlayer(tx, playerId, true);
    const write = async () => (await tx.update(players).set({ enabled }).where(eq(players.id, playerId)).returning())[0];
    return setEnabledAudited(tx, caller, { objectType: 'player', objectId: playerId, before, enabled, write, shown: toManagedPlayer });
  });
}

const sortColumns: Record<PlayerSortField, AnyPgColumn> = { name: players.name, document: players.document };

/** GET /player/list: players by name or document, filtered by search and enabled. */
export async function listPlayers(db: Db, query: ReferenceListQuery): Promise<ListResponse<PlayerItem>> {
  const { page, limit } = query;
  const f = parseReferenceFilters(query.filters, PLAYER_FILTER_KEYS);
  const where = and(searchCondition(f, [players.name], players.document), f.enabled === undefined ? undefined : eq(players.enabled, f.enabled));
  const [data, [{ total }]] = await Promise.all([
    db
      .select({ playerId: players.id, name: players.name, document: players.document, enabled: players.enabled })
      .from(players)
      .where(where)
      .orderBy(...orderBy(sortColumns[(query.sort ?? 'name') as PlayerSortField], query.order ?? 'asc', players.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: sql<number>`count(*)::int` }).from(players).where(where),
  ]);
  return { data, total: Number(total), page, limit };
}
