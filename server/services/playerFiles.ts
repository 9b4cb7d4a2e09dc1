/**
 * Files sent to players: the list (newest first) and the sending, which completes the file's
 * chunked upload through the storage flow's own finalize (one implementation) and records who
 * received it. Everything about the request is checked before the upload is completed, so a
 * refused sending leaves the upload as it was.
 */
import { desc, eq, inArray, sql } from 'drizzle-orm';
import {
  PLAYER_FILE_TYPE_DESCRIPTIONS,
  PLAYER_FILE_TYPES,
  type PlayerFileItem,
  type PlayerFileType,
  type PlayerFileTypeItem,
  type SendPlayerFileResponse,
} from '../../src/domain/playerFiles';
import type { ListResponse } from '../../src/domain/shareList';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { files, playerFiles, players, users } from '../db/schema';
import { DomainError, invalid, denied } from './errors';
import { writeAudit } from './audit';
import { finalizeUpload, toFileRef } from './storage';
import type { AuthUser } from './users';

export const PLAYER_NOT_ENABLED = 'Player not enabled';

export const listFileTypes = (): ListResponse<PlayerFileTypeItem> => {
  const data = PLAYER_FILE_TYPES.map((fileType) => ({ fileType, description: PLAYER_FILE_TYPE_DESCRIPTIONS[fileType] }));
  return { data, total: data.length, page: 1, limit: data.length };
};

type PlayerFileRow = {
  playerFileId: string;
  fileId: string;
  fileName: string;
  filePath: string;
  fileType: string;
  playerIds: number[];
  sentBy: string | null;
  sentAt: Date;
};

const selection = {
  playerFileId: playerFiles.id,
  fileId: playerFiles.fileId,
  fileName: files.name,
  filePath: files.key,
  fileType: playerFiles.fileType,
  playerIds: playerFiles.playerIds,
  sentBy: users.name,
  sentAt: playerFiles.sentAt,
};

/** Rows with their players' names, each in the order the sender picked them. */
async function withPlayers(db: Db, rows: PlayerFileRow[]): Promise<PlayerFileItem[]> {
  const ids = [...new Set(rows.flatMap((r) => r.playerIds))];
  const named = ids.length ? await db.select({ playerId: players.id, name: players.name }).from(players).where(inArray(players.id, ids)) : [];
  const nameOf = new Map(named.map((p) => [p.playerId, p.name]));
  return rows.map(({ playerIds, sentAt, fileType, ...r }) => ({
    ...r,
    fileType: fileType as PlayerFileType,
    players: playerIds.map((playerId) => ({ playerId, name: nameOf.get(playerId) ?? `#${playerId}` })),
    sentAt: sentAt.toISOString(),
  }));
}

const baseQuery = (db: Db) => db.select(selection).from(playerFiles).innerJoin(files, eq(files.id, playerFiles.fileId)).leftJoin(users, eq(users.id, playerFiles.sentBy));

export async function listPlayerFiles(db: Db, page: number, limit: number): Promise<ListResponse<PlayerFileItem>> {
  const [rows, [{ total }]] = await Promise.all([
    baseQuery(db)
      .orderBy(desc(playerFiles.sentAt), desc(playerFiles.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: sql<number>`count(*)::int` }).from(playerFiles),
  ]);
  return { data: await withPlayers(db, rows), total: Number(total), page, limit };
}

/** Distinct ids; every one names an existing, enabled player. */
async function checkPlayers(db: Db, requested: number[]): Promise<number[]> {
  const ids = [...new Set(requested)];
  const found = await db.select({ id: players.id, name: players.name, enabled: players.enabled }).from(players).where(inArray(players.id, ids));
  const missing = ids.filter((id) => !found.some((p) => p.id === id));
  if (missing.length) throw invalid('Invalid players', { players: `Player not found: ${missing.join(', ')}` });
  const disabled = found.filter((p) => !p.enabled);
  // SPEC §8: "Player not enabled" reads as access denied.
  if (disabled.length) throw denied(PLAYER_NOT_ENABLED, { players: `${PLAYER_NOT_ENABLED}: ${disabled.map((p) => p.name).join(', ')}` });
  return ids;
}

export interface SendPlayerFileInput {
  fileId: string;
  fileKey: string;
  fileType: PlayerFileType;
  players: number[];
  parts: string[];
}

export async function sendPlayerFile(db: Db, config: Config, user: AuthUser, input: SendPlayerFileInput): Promise<SendPlayerFileResponse> {
  const playerIds = await checkPlayers(db, input.players);
  // A repeated call for a file already sent (a retry after a lost answer) answers the first sending.
  const [already] = await baseQuery(db).where(eq(playerFiles.fileId, input.fileId)).limit(1);
  if (already) {
    const [row] = await db.select().from(files).where(eq(files.id, input.fileId)).limit(1);
    if (row.key !== input.fileKey || row.uploadedBy !== user.id) throw new DomainError('notFound', 'Document not found');
    const [item] = await withPlayers(db, [already]);
    return { ...item, file: toFileRef(row) };
  }
  const file = await finalizeUpload(db, config, user, { fileId: input.fileId, fileKey: input.fileKey, parts: input.parts });
  const [inserted] = await db.transaction(async (tx) => {
    const rows = await tx.insert(playerFiles).values({ fileId: file.fileId, fileType: input.fileType, playerIds, sentBy: user.id }).returning({ id: playerFiles.id });
    await writeAudit(tx, {
      userId: user.id,
      action: 'player_file.send',
      objectType: 'player_file',
      objectId: rows[0].id,
      before: null,
      after: { fileId: file.fileId, fileName: file.fileName, fileType: input.fileType, players: playerIds },
    });
    return rows;
  });
  const [row] = await baseQuery(db).where(eq(playerFiles.id, inserted.id));
  const [item] = await withPlayers(db, [row]);
  return { ...item, file };
}
