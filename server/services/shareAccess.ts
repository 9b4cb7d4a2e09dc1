/**
 * The workspace calls' way into one share: by contract number (reads) or share id (writes), always
 * inside the caller's tenant scope exactly like GET /share/get. Another tenant's share is
 * "Share not found", like a missing one. Also the share's white label and administrator settings,
 * and the FileRef shape of stored files.
 */
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DocumentType } from '../../src/domain/enums';
import type { WhiteLabelConfig } from '../../src/domain/whiteLabel';
import type { FileRef } from '../../src/domain/workspace';
import type { Db, Tx } from '../db/client';
import { admConfigs, files, shares, whiteLabelConfigs } from '../db/schema';
import { notFound } from './errors';
import type { AuthUser } from './users';
import { scopeOf, shareScopeCondition } from './tenant';

export type DbOrTx = Db | Tx;

export const scopedShareColumns = {
  id: shares.id,
  contractNumber: shares.contractNumber,
  state: shares.state,
  previousState: shares.previousState,
  isPj: shares.isPj,
  admId: shares.admId,
  fundId: shares.fundId,
  ownerName: shares.ownerName,
  ownerDocument: shares.ownerDocument,
  updatedAt: shares.updatedAt,
};

export interface ScopedShare {
  id: string;
  contractNumber: string;
  state: (typeof shares.$inferSelect)['state'];
  previousState: (typeof shares.$inferSelect)['previousState'];
  isPj: boolean;
  admId: number;
  fundId: number | null;
  ownerName: string | null;
  ownerDocument: string | null;
  updatedAt: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: string): boolean => UUID.test(v);

/**
 * The share by id or contract number inside the user's scope, or 404 "Share not found".
 * `forUpdate` locks the row for the rest of the transaction (writes that must not interleave).
 */
export async function findScopedShare(
  db: DbOrTx,
  user: AuthUser,
  by: { shareId: string } | { contractNumber: string },
  options: { forUpdate?: boolean } = {},
): Promise<ScopedShare> {
  let where: SQL;
  if ('shareId' in by) {
    if (!isUuid(by.shareId)) throw notFound('Share');
    where = eq(shares.id, by.shareId);
  } else {
    where = eq(shares.contractNumber, by.contractNumber.trim());
  }
  const query = db
    .select(scopedShareColumns)
    .from(shares)
    .where(and(where, shareScopeCondition(scopeOf(user))))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('Share');
  return row;
}

/** The brand of the share's administrator (null when it has none) and its own settings. */
export async function shareBrand(db: DbOrTx, admId: number): Promise<{ whiteLabel: Pick<WhiteLabelConfig, 'configs'> | null; admConfig: { allowMultiprices: boolean } | null }> {
  const [[wl], [adm]] = await Promise.all([
    db
      .select({ allowMultiprices: whiteLabelConfigs.allowMultiprices, displayDocumentsInBackoffice: whiteLabelConfigs.displayDocumentsInBackoffice })
      .from(whiteLabelConfigs)
      .where(eq(whiteLabelConfigs.admId, admId))
      .limit(1),
    db.select({ allowMultiprices: admConfigs.allowMultiprices }).from(admConfigs).where(eq(admConfigs.admId, admId)).limit(1),
  ]);
  return { whiteLabel: wl ? { configs: wl } : null, admConfig: adm ?? null };
}

type FileRow = typeof files.$inferSelect;

export const toFileRef = (f: Pick<FileRow, 'id' | 'name' | 'key' | 'size' | 'contentType' | 'documentType' | 'createdAt'>): FileRef => ({
  fileId: f.id,
  fileName: f.name,
  filePath: f.key,
  size: f.size,
  contentType: f.contentType,
  documentType: f.documentType,
  uploadedAt: f.createdAt.toISOString(),
});

/** Complete files of a share with one of the given document types, oldest first. */
export async function shareFiles(db: DbOrTx, shareId: string, types: readonly DocumentType[]): Promise<FileRef[]> {
  const rows = await db
    .select()
    .from(files)
    .where(and(eq(files.shareId, shareId), eq(files.status, 'complete'), inArray(files.documentType, [...types])))
    .orderBy(asc(files.createdAt), asc(files.id));
  return rows.map(toFileRef);
}

/** Complete files by id (history entries keep ids), in the order asked; unknown ids are skipped. */
export async function filesById(db: DbOrTx, ids: readonly string[]): Promise<Map<string, FileRef>> {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return new Map();
  const rows = await db.select().from(files).where(and(inArray(files.id, valid), eq(files.status, 'complete')));
  return new Map(rows.map((r) => [r.id, toFileRef(r)]));
}

export const touchShare = (db: DbOrTx, shareId: string, extra: Partial<Pick<typeof shares.$inferInsert, 'ownerName' | 'ownerDocument'>> = {}) =>
  db
    .update(shares)
    .set({ updatedAt: new Date(), ...extra })
    .where(eq(shares.id, shareId));
