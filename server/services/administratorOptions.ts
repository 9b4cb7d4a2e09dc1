/**
 * The administrators a user may filter the share lists by (issue 13): those its scope deals with
 * (administratorScopeCondition), searched by name like the reference lists, A to Z.
 */
import { and, sql } from 'drizzle-orm';
import { foldSearchText } from '../../src/domain/search';
import type { AdministratorOption, ListResponse } from '../../src/domain/shareList';
import type { Db } from '../db/client';
import { administrators } from '../db/schema';
import { orderBy, searchCondition } from './referenceLists';
import { type Scope, administratorScopeCondition } from './tenant';

export interface AdministratorOptionsQuery {
  page: number;
  limit: number;
  q?: string;
}

export async function listAdministratorOptions(db: Db, scope: Scope, query: AdministratorOptionsQuery): Promise<ListResponse<AdministratorOption>> {
  const { page, limit } = query;
  const q = foldSearchText(query.q?.trim() ?? '');
  const where = and(administratorScopeCondition(scope), searchCondition(q ? { q } : {}, [administrators.name]));
  const [data, [{ total }]] = await Promise.all([
    db
      .select({ admId: administrators.id, name: administrators.name })
      .from(administrators)
      .where(where)
      .orderBy(...orderBy(administrators.name, 'asc', administrators.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: sql<number>`count(*)::int` }).from(administrators).where(where),
  ]);
  return { data, total: Number(total), page, limit };
}
