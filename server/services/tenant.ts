/**
 * Tenant scoping (DESIGN §4): an operator sees every share, an administrator only its own
 * administrator's, a fund only its own fund's. A user whose row lacks its tenant sees nothing.
 */
import { type SQL, eq, sql } from 'drizzle-orm';
import { administrators, shares } from '../db/schema';
import type { AuthUser } from './users';

export type Scope = { kind: 'all' } | { kind: 'adm'; admId: number } | { kind: 'fund'; fundId: number } | { kind: 'none' };

export function scopeOf(user: AuthUser): Scope {
  switch (user.profile) {
    case 'operator':
      return { kind: 'all' };
    case 'adm':
      return user.admId === null ? { kind: 'none' } : { kind: 'adm', admId: user.admId };
    case 'fund':
      return user.fundId === null ? { kind: 'none' } : { kind: 'fund', fundId: user.fundId };
    default:
      return { kind: 'none' };
  }
}

/** The WHERE condition that keeps a query inside the scope; undefined means no restriction. */
export function shareScopeCondition(scope: Scope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'adm':
      return eq(shares.admId, scope.admId);
    case 'fund':
      return eq(shares.fundId, scope.fundId);
    case 'none':
      return sql`false`;
  }
}

/**
 * The WHERE condition on `administrators` that keeps the administrators the scope deals with: an
 * operator every one, an administrator its own, a fund those it holds shares of (the administrators
 * its share lists can show, and the only ones it may upload files for). One rule for both.
 */
export function administratorScopeCondition(scope: Scope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'adm':
      return eq(administrators.id, scope.admId);
    case 'fund':
      return sql`exists (select 1 from ${shares} where ${shares.fundId} = ${scope.fundId} and ${shares.admId} = ${administrators.id})`;
    case 'none':
      return sql`false`;
  }
}
