/**
 * Brands (issue 11): an administrator, its white label and its own settings, managed by operators.
 * The three rows are written in one transaction with the audit entry. A favicon arrives as a file
 * of the storage flow and is inlined as a data: URL, so the public GET /white_label/get serves it
 * without a signed link and a change shows on the brand's host at its next page load.
 */
import { createHash } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  BRAND_FILTER_KEYS,
  FAVICON_EXTENSIONS,
  FAVICON_MAX_BYTES,
  NAME_MAX_LENGTH,
  type Brand,
  type BrandColors,
  type BrandInput,
  type BrandItem,
  isHexColor,
  labelIdProblem,
} from '../../src/domain/management';
import type { ListResponse, SortOrder } from '../../src/domain/shareList';
import { isCnpj } from '../../src/domain/validation';
import { cnpjDigits } from '../../src/domain/whiteLabel';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { admConfigs, administrators, files, whiteLabelConfigs } from '../db/schema';
import { isUniqueViolation } from '../db/errors';
import { type FieldErrors, invalid, notFound } from './errors';
import { writeAudit } from './audit';
import { readStoredFile } from './pricing';
import { type ReferenceListQuery, orderBy, parseReferenceFilters, searchCondition } from './referenceLists';
import type { AuthUser } from './users';

export const BRAND_MESSAGES = {
  nameRequired: 'name is required',
  nameTooLong: `Invalid name: at most ${NAME_MAX_LENGTH} characters`,
  cnpjRequired: 'cnpj is required',
  cnpjInvalid: 'Invalid cnpj',
  labelIdRequired: 'labelId is required',
  labelIdShape: 'Invalid labelId: use 1 to 63 lower-case letters, digits or inner hyphens',
  labelIdReserved: 'Invalid labelId: reserved for the default brand',
  labelIdAffix: 'Invalid labelId: a host prefix or suffix (demo-, -dev, …) would be stripped from it',
  labelIdTaken: 'Invalid labelId: already in use',
  colorsRequired: 'colors is required',
  colorInvalid: 'Invalid color: use #RRGGBB',
  faviconBoth: 'Invalid favicon: send faviconFile or favicon null, not both',
  faviconUpload: 'Invalid favicon: the upload was not found or is not complete',
  faviconType: `Invalid favicon: use a ${FAVICON_EXTENSIONS.map((e) => e.toUpperCase()).join(', ')} image`,
  faviconSize: `Invalid favicon: at most ${FAVICON_MAX_BYTES / 1024} KB`,
  faviconUnreadable: 'Invalid favicon: the upload could not be read, send it again',
} as const;

const LABEL_MESSAGES = { shape: BRAND_MESSAGES.labelIdShape, reserved: BRAND_MESSAGES.labelIdReserved, affix: BRAND_MESSAGES.labelIdAffix } as const;

type AdmRow = typeof administrators.$inferSelect;
type WlRow = typeof whiteLabelConfigs.$inferSelect;

/** 14 characters in the usual CNPJ layout (alphanumeric too); anything else as it is. */
const maskCnpj = (raw: string): string => {
  const d = cnpjDigits(raw);
  return d.length === 14 ? `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}` : raw;
};

const colorsOf = (wl: WlRow): BrandColors => ({ ...wl.colors, primary: wl.colors.primary ?? '', secondary: wl.colors.secondary ?? '' }) as BrandColors;

function toBrand(adm: AdmRow, wl: WlRow | null, admAllowMultiprices: boolean): Brand {
  return {
    admId: adm.id,
    name: adm.name,
    cnpj: wl?.cnpj ?? maskCnpj(adm.cnpj),
    labelId: wl?.labelId ?? null,
    colors: wl ? colorsOf(wl) : null,
    favicon: wl?.favicon ?? null,
    allowMultiprices: wl?.allowMultiprices ?? false,
    displayDocumentsInBackoffice: wl?.displayDocumentsInBackoffice ?? false,
    admAllowMultiprices,
    createdAt: adm.createdAt.toISOString(),
  };
}

/** The trail keeps a favicon's fingerprint, not up to 85 KB of base64 per entry. */
const auditRecord = (b: Brand): Record<string, unknown> => ({
  ...b,
  favicon: b.favicon ? `${b.favicon.slice(0, b.favicon.indexOf(',') + 1)}… sha256:${createHash('sha256').update(b.favicon).digest('hex')}` : null,
});

async function loadBrand(db: Db | Tx, admId: number, lock = false): Promise<Brand> {
  const q = db.select().from(administrators).where(eq(administrators.id, admId)).limit(1);
  const [adm] = lock ? await q.for('update') : await q;
  if (!adm) throw notFound('Administrator');
  const [wl] = await db.select().from(whiteLabelConfigs).where(eq(whiteLabelConfigs.admId, admId)).limit(1);
  const [cfg] = await db.select({ allowMultiprices: admConfigs.allowMultiprices }).from(admConfigs).where(eq(admConfigs.admId, admId)).limit(1);
  return toBrand(adm, wl ?? null, cfg?.allowMultiprices ?? false);
}

export const getBrand = (db: Db, admId: number): Promise<Brand> => loadBrand(db, admId);

export async function listBrands(db: Db, query: ReferenceListQuery): Promise<ListResponse<BrandItem>> {
  const { page, limit } = query;
  const f = parseReferenceFilters(query.filters, BRAND_FILTER_KEYS);
  const where = searchCondition(f, [administrators.name, whiteLabelConfigs.labelId], administrators.cnpj);
  const sortColumn: AnyPgColumn = query.sort === 'labelId' ? whiteLabelConfigs.labelId : administrators.name;
  const order: SortOrder = query.order ?? 'asc';
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ adm: administrators, wl: whiteLabelConfigs })
      .from(administrators)
      .leftJoin(whiteLabelConfigs, eq(whiteLabelConfigs.admId, administrators.id))
      .where(where)
      .orderBy(...orderBy(sortColumn, order, administrators.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(administrators)
      .leftJoin(whiteLabelConfigs, eq(whiteLabelConfigs.admId, administrators.id))
      .where(where),
  ]);
  return {
    data: rows.map(({ adm, wl }) => {
      const { admId, name, cnpj, labelId, colors, createdAt } = toBrand(adm, wl, false);
      return { admId, name, cnpj, labelId, colors, createdAt };
    }),
    total: Number(total),
    page,
    limit,
  };
}

/** What the input changes, checked; field errors are collected, then thrown together. */
interface Checked {
  name?: string;
  cnpj?: string;
  labelId?: string;
  colors?: BrandColors;
  /** A data: URL, or null to clear; absent: unchanged. */
  favicon?: string | null;
  allowMultiprices?: boolean;
  displayDocumentsInBackoffice?: boolean;
  admAllowMultiprices?: boolean;
}

/** The white label of an administrator, created with the brand or on the first update that gives it a label and colours. */
const insertWhiteLabel = (tx: Tx, admId: number, name: string, cnpj: string, c: Checked) =>
  tx.insert(whiteLabelConfigs).values({
    admId,
    labelId: c.labelId!,
    cnpj,
    admIdByCnpj: cnpjDigits(cnpj),
    allowMultiprices: c.allowMultiprices ?? false,
    displayDocumentsInBackoffice: c.displayDocumentsInBackoffice ?? false,
    favicon: c.favicon ?? null,
    name,
    colors: c.colors!,
  });

const throwIfErrors = (errors: FieldErrors) => {
  const first = Object.values(errors)[0];
  if (first) throw invalid(first, errors);
};

const labelTaken = async (db: Db | Tx, labelId: string, admId?: number): Promise<boolean> => {
  const [row] = await db
    .select({ admId: whiteLabelConfigs.admId })
    .from(whiteLabelConfigs)
    .where(and(sql`lower(${whiteLabelConfigs.labelId}) = ${labelId}`, admId === undefined ? undefined : ne(whiteLabelConfigs.admId, admId)))
    .limit(1);
  return !!row;
};

type FaviconKind = (typeof FAVICON_EXTENSIONS)[number];
const FAVICON_TYPES: Record<FaviconKind, string> = { png: 'image/png', webp: 'image/webp' };

/** The kind the bytes really are, whatever the name says; null when neither PNG nor WebP. */
export function sniffFavicon(bytes: Buffer): FaviconKind | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** The uploaded favicon as a data: URL: the caller's complete upload, an icon type by name and by content, small. */
async function faviconDataUrl(db: Db, config: Config, caller: AuthUser, fileId: string): Promise<string> {
  const fail = (message: string) => invalid(message, { faviconFile: message });
  const [file] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.uploadedBy, caller.id), eq(files.status, 'complete')))
    .limit(1);
  if (!file) throw fail(BRAND_MESSAGES.faviconUpload);
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() as FaviconKind | undefined;
  if (!ext || !(FAVICON_EXTENSIONS as readonly string[]).includes(ext)) throw fail(BRAND_MESSAGES.faviconType);
  if (file.size !== null && file.size > FAVICON_MAX_BYTES) throw fail(BRAND_MESSAGES.faviconSize);
  let bytes: Buffer;
  try {
    bytes = await readStoredFile(config, file.key);
  } catch {
    throw fail(BRAND_MESSAGES.faviconUnreadable);
  }
  if (bytes.length > FAVICON_MAX_BYTES) throw fail(BRAND_MESSAGES.faviconSize);
  if (bytes.length === 0 || sniffFavicon(bytes) !== ext) throw fail(BRAND_MESSAGES.faviconType);
  return `data:${FAVICON_TYPES[ext]};base64,${bytes.toString('base64')}`;
}

async function check(db: Db, config: Config, caller: AuthUser, input: BrandInput, admId?: number): Promise<Checked> {
  const errors: FieldErrors = {};
  const out: Checked = {};
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (!name) errors.name = BRAND_MESSAGES.nameRequired;
    else if ([...name].length > NAME_MAX_LENGTH) errors.name = BRAND_MESSAGES.nameTooLong;
    else out.name = name;
  }
  if (input.cnpj !== undefined) {
    const cnpj = input.cnpj.trim();
    if (!isCnpj(cnpj)) errors.cnpj = BRAND_MESSAGES.cnpjInvalid;
    else out.cnpj = cnpj;
  }
  if (input.labelId !== undefined) {
    const labelId = input.labelId.trim().toLowerCase();
    const problem = labelIdProblem(labelId);
    if (problem) errors.labelId = LABEL_MESSAGES[problem];
    else out.labelId = labelId;
  }
  if (input.colors !== undefined) {
    for (const key of ['primary', 'secondary'] as const) if (!isHexColor(input.colors[key])) errors[`colors.${key}`] = BRAND_MESSAGES.colorInvalid;
    if (isHexColor(input.colors.primary) && isHexColor(input.colors.secondary)) out.colors = { primary: input.colors.primary, secondary: input.colors.secondary };
  }
  if (input.faviconFile !== undefined && input.favicon === null) errors.faviconFile = BRAND_MESSAGES.faviconBoth;
  for (const k of ['allowMultiprices', 'displayDocumentsInBackoffice', 'admAllowMultiprices'] as const) if (input[k] !== undefined) out[k] = input[k];
  throwIfErrors(errors);
  // Database checks only for input that is well formed.
  if (out.labelId && (await labelTaken(db, out.labelId, admId))) errors.labelId = BRAND_MESSAGES.labelIdTaken;
  throwIfErrors(errors);
  if (input.favicon === null) out.favicon = null;
  else if (input.faviconFile !== undefined) out.favicon = await faviconDataUrl(db, config, caller, input.faviconFile);
  return out;
}

/** A lost race on the label's unique index reads as "already in use", like the check before it. */
async function guardLabelRace<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid(BRAND_MESSAGES.labelIdTaken, { labelId: BRAND_MESSAGES.labelIdTaken });
    throw err;
  }
}

export async function createBrand(db: Db, config: Config, caller: AuthUser, input: BrandInput): Promise<Brand> {
  const c = await check(db, config, caller, input);
  const name = c.name!;
  const cnpj = c.cnpj!;
  return guardLabelRace(() =>
    db.transaction(async (tx) => {
      const [adm] = await tx.insert(administrators).values({ name, cnpj: cnpjDigits(cnpj) }).returning();
      await insertWhiteLabel(tx, adm.id, name, cnpj, c);
      await tx.insert(admConfigs).values({ admId: adm.id, allowMultiprices: c.admAllowMultiprices ?? false, settings: {} });
      const brand = await loadBrand(tx, adm.id);
      await writeAudit(tx, { userId: caller.id, action: 'administrator.create', objectType: 'administrator', objectId: adm.id, admId: adm.id, before: null, after: auditRecord(brand) });
      return brand;
    }),
  );
}

export async function updateBrand(db: Db, config: Config, caller: AuthUser, input: BrandInput & { admId: number }): Promise<Brand> {
  const c = await check(db, config, caller, input, input.admId);
  return guardLabelRace(() =>
    db.transaction(async (tx) => {
      const before = await loadBrand(tx, input.admId, true);
      const admId = before.admId;
      const name = c.name ?? before.name;
      const cnpj = c.cnpj ?? before.cnpj;
      if (c.name !== undefined || c.cnpj !== undefined) {
        await tx
          .update(administrators)
          .set({ name, cnpj: cnpjDigits(cnpj) })
          .where(eq(administrators.id, admId));
      }
      const wlValues: Partial<WlRow> = {
        ...(c.name !== undefined ? { name } : {}),
        ...(c.cnpj !== undefined ? { cnpj, admIdByCnpj: cnpjDigits(cnpj) } : {}),
        ...(c.labelId !== undefined ? { labelId: c.labelId } : {}),
        ...(c.colors !== undefined ? { colors: c.colors } : {}),
        ...(c.favicon !== undefined ? { favicon: c.favicon } : {}),
        ...(c.allowMultiprices !== undefined ? { allowMultiprices: c.allowMultiprices } : {}),
        ...(c.displayDocumentsInBackoffice !== undefined ? { displayDocumentsInBackoffice: c.displayDocumentsInBackoffice } : {}),
      };
      const brandFields = ['labelId', 'colors', 'favicon', 'allowMultiprices', 'displayDocumentsInBackoffice'] as const;
      if (before.labelId !== null) {
        if (Object.keys(wlValues).length) await tx.update(whiteLabelConfigs).set(wlValues).where(eq(whiteLabelConfigs.admId, admId));
      } else if (brandFields.some((k) => c[k] !== undefined)) {
        // An administrator without a white label gets one: it needs its host label and colours.
        const errors: FieldErrors = {};
        if (!c.labelId) errors.labelId = BRAND_MESSAGES.labelIdRequired;
        if (!c.colors) errors.colors = BRAND_MESSAGES.colorsRequired;
        throwIfErrors(errors);
        await insertWhiteLabel(tx, admId, name, cnpj, c);
      }
      if (c.admAllowMultiprices !== undefined) {
        await tx
          .insert(admConfigs)
          .values({ admId, allowMultiprices: c.admAllowMultiprices, settings: {} })
          .onConflictDoUpdate({ target: admConfigs.admId, set: { allowMultiprices: c.admAllowMultiprices } });
      }
      const after = await loadBrand(tx, admId);
      await writeAudit(tx, { userId: caller.id, action: 'administrator.update', objectType: 'administrator', objectId: admId, admId, before: auditRecord(before), after: auditRecord(after) });
      return after;
    }),
  );
}
