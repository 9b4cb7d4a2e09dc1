/**
 * GET /audit/list (issue 18): the audit trail, newest first, filtered by user, object, action and
 * period. An operator reads every entry; an administrator its own brand's (entries whose admId is its
 * own: its shares, files, auctions and users, and its own brand's record); anyone else nothing.
 * Paged like the other lists, with the total counted exactly up to a cap (an estimate-free "more
 * than" beyond it), so a trail of millions of rows answers as fast as its first page.
 */
import { type SQL, and, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { AUDIT_ACTIONS, type AuditListFilters, type AuditListItem, isAuditAction, isAuditObjectType } from '../../src/domain/audit';
import { invalidFilter, readFilters } from './filters';
import type { Db } from '../db/client';
import { type Bind, byPlaceholder, literally, shapeCache, inlineLimit } from '../db/preparedShapes';
import { auditLog, users } from '../db/schema';
import { rowsOf } from '../db/seed/bulk';
import { preparableSql } from '../db/statements';
import { scopeOf } from './tenant';
import type { AuthUser } from './users';

/** Entries counted exactly; beyond, the list says "more than" (`totalExact: false`). */
export const AUDIT_EXACT_TOTAL = 1000;

const FILTER_KEYS: readonly (keyof AuditListFilters)[] = ['userId', 'objectType', 'object', 'action', 'from', 'to'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const OBJECT_MAX = 200;

const instant = (key: string, v: unknown): Date => {
  const d = typeof v === 'string' && v.length <= 40 ? new Date(v) : new Date(NaN);
  if (Number.isNaN(d.getTime())) throw invalidFilter(key, 'must be an ISO date-time');
  return d;
};

export function parseAuditFilters(raw: string | undefined): AuditListFilters {
  const input = readFilters(raw, FILTER_KEYS);
  if (!input) return {};
  const out: AuditListFilters = {};
  const given = (k: string) => input[k] !== undefined && input[k] !== null && input[k] !== '';
  if (given('userId')) {
    if (typeof input.userId !== 'string' || !UUID.test(input.userId)) throw invalidFilter('userId', 'must be a user id');
    out.userId = input.userId;
  }
  if (given('objectType')) {
    if (!isAuditObjectType(input.objectType)) throw invalidFilter('objectType', 'unknown object type');
    out.objectType = input.objectType;
  }
  if (given('object')) {
    if (typeof input.object !== 'string' && typeof input.object !== 'number') throw invalidFilter('object', 'must be a string');
    const object = String(input.object).trim();
    if (object.length > OBJECT_MAX) throw invalidFilter('object', `must be at most ${OBJECT_MAX} characters`);
    if (object) out.object = object;
  }
  if (given('action')) {
    const list = Array.isArray(input.action) ? input.action : [input.action];
    if (list.length > AUDIT_ACTIONS.length || !list.every(isAuditAction)) throw invalidFilter('action', 'unknown action');
    out.action = [...new Set(list.filter(isAuditAction))];
  }
  if (given('from')) out.from = instant('from', input.from).toISOString();
  if (given('to')) out.to = instant('to', input.to).toISOString();
  return out;
}

/** Whose entries the user may read: every entry for an operator, its brand's for an administrator, none otherwise. */
type AuditScope = { kind: 'all' } | { kind: 'adm'; admId: number } | { kind: 'none' };

function auditScopeOf(user: AuthUser): AuditScope {
  const scope = scopeOf(user);
  if (user.profile === 'operator' && scope.kind === 'all') return scope;
  if (user.profile === 'adm' && scope.kind === 'adm') return scope;
  return { kind: 'none' };
}

/** The entries the user may read: everything for an operator, its brand's for an administrator. */
function scopeCondition(scope: AuditScope, bind: Bind = literally(auditBindings(scope, {}))): SQL {
  if (scope.kind === 'all') return sql`true`;
  if (scope.kind === 'adm') return eq(auditLog.admId, bind('admId') as number);
  return sql`false`;
}

function filterCondition(f: AuditListFilters, bind: Bind): SQL | undefined {
  const v = <T>(name: string) => bind(name) as T;
  return and(
    f.userId ? eq(auditLog.userId, v<string>('userId')) : undefined,
    f.objectType ? eq(auditLog.objectType, v<string>('objectType')) : undefined,
    // An object's own id, or the contract of the share an entry speaks of.
    f.object ? or(eq(auditLog.objectId, v<string>('object')), eq(auditLog.contractNumber, v<string>('object'))) : undefined,
    f.action?.length ? inArray(auditLog.action, f.action.map((_, i) => v<string>(`action${i}`))) : undefined,
    // Placeholders skip Drizzle's column encoders: the dates go as the ISO text parseAuditFilters made.
    f.from ? gte(auditLog.at, v<Date>('from')) : undefined,
    f.to ? lt(auditLog.at, v<Date>('to')) : undefined,
  );
}

/** The values of a shape's placeholders, by the names scopeCondition and filterCondition bind. */
function auditBindings(scope: AuditScope, f: AuditListFilters): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  if (scope.kind === 'adm') values.admId = scope.admId;
  if (f.userId) values.userId = f.userId;
  if (f.objectType) values.objectType = f.objectType;
  if (f.object) values.object = f.object;
  f.action?.forEach((a, i) => (values[`action${i}`] = a));
  if (f.from) values.from = f.from;
  if (f.to) values.to = f.to;
  return values;
}

const pageColumns = {
  auditId: auditLog.id,
  at: auditLog.at,
  userId: auditLog.userId,
  userName: users.name,
  userEmail: users.email,
  action: auditLog.action,
  objectType: auditLog.objectType,
  objectId: auditLog.objectId,
  contractNumber: auditLog.contractNumber,
  admId: auditLog.admId,
  before: auditLog.before,
  after: auditLog.after,
};

function pageQuery(db: Db, where: SQL | undefined, limit: number) {
  return db
    .select(pageColumns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(inlineLimit(limit))
    .offset(sql.placeholder('offset'));
}

// The cap is bound like the offset: the statements are unnamed, so each is planned with its values
// and a deep page does not make a shape of its own.
const countQuery = (where: SQL | undefined) => sql`select count(*)::int as n from (select 1 from ${auditLog} where ${where ?? sql`true`} limit ${sql.placeholder('capPlusOne')}) capped`;

/**
 * The page and its count are rendered once per shape — the scope's kind, which filters are given,
 * how many actions, the page size — and run with each call's values (server/db/
 * preparedShapes.ts): Drizzle rendering both statements on every call was most of the list's own
 * CPU (issue 17). Unnamed statements: a narrow period and a wide one, a rare action and a common
 * one, want different plans.
 */
const preparedPage = shapeCache<Awaited<ReturnType<typeof pageQuery>>>();
const preparedCount = shapeCache<unknown>();

export interface AuditListQuery {
  page: number;
  limit: number;
  filters?: string;
}

export async function listAudit(
  db: Db,
  user: AuthUser,
  query: AuditListQuery,
): Promise<{ data: AuditListItem[]; total: number; totalExact: boolean; page: number; limit: number }> {
  const filters = parseAuditFilters(query.filters);
  const scope = auditScopeOf(user);
  const values = auditBindings(scope, filters);
  const offset = (query.page - 1) * query.limit;
  const shape = `${scope.kind}|${Object.keys(values).join(',')}`;
  const boundWhere = () => and(scopeCondition(scope, byPlaceholder), filterCondition(filters, byPlaceholder));
  const rows = await preparedPage(db, `${shape}|${query.limit}`, () => pageQuery(db, boundWhere(), query.limit), Object.assign({ offset }, values), { keepPlan: false });
  // Counted up to the cap past this page: a deep page still knows whether more follow.
  const cap = offset + AUDIT_EXACT_TOTAL;
  const [{ n }] = rowsOf<{ n: number }>(await preparedCount(db, shape, () => preparableSql(db, countQuery(boundWhere())), Object.assign({ capPlusOne: cap + 1 }, values), { keepPlan: false }));
  const counted = Number(n);
  // Each row's own object gets the text forms (not `{ ...r, … }`: Node 20 spends µs on each, issue 17).
  const data = rows.map((r) =>
    Object.assign(r, { auditId: Number(r.auditId), at: r.at.toISOString(), userName: r.userName ?? null, userEmail: r.userEmail ?? null }),
  ) as unknown as AuditListItem[];
  return {
    data,
    total: Math.min(counted, cap),
    totalExact: counted <= cap,
    page: query.page,
    limit: query.limit,
  };
}

/**
 * Who the viewer's user filter offers: the users that appear in the entries the caller may read,
 * searched by name or e-mail. An administrator thus also finds the operators who changed its shares.
 */
export async function auditUserOptions(db: Db, user: AuthUser, q: string | undefined, limit: number): Promise<{ data: { userId: string; name: string; email: string }[] }> {
  const text = (q ?? '').trim().toLowerCase().slice(0, 100);
  const scope = scopeCondition(auditScopeOf(user));
  const pattern = `%${text.replace(/[\\%_]/g, '\\$&')}%`;
  const rows = await db
    .select({ userId: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      and(
        text ? or(sql`lower(${users.name}) like ${pattern}`, sql`lower(${users.email}) like ${pattern}`) : undefined,
        // Staff see their own brand's people without scanning the trail; operators appear when they acted on it.
        user.profile === 'operator'
          ? undefined
          : or(
              user.admId !== null ? eq(users.admId, user.admId) : sql`false`,
              sql`exists (select 1 from ${auditLog} where ${auditLog.userId} = ${users.id} and ${scope})`,
            ),
      ),
    )
    .orderBy(users.name, users.id)
    .limit(limit);
  return { data: rows };
}
