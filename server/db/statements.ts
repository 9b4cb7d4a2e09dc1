/**
 * Statements rendered once, not per request (issue 17). Drizzle turns a query into SQL text on every
 * call — walking its chunks, quoting names, collecting parameters — and on a write that rendering was
 * the largest part of the app's own CPU (bench/api/profile.ts). A statement here is built with
 * `sql.placeholder(name)` for its values, rendered the first time it runs, and from then on executed
 * with each call's values through the session of the database or transaction it is given (the same
 * driver path, type parsers and errors as `db.execute`). A name makes PostgreSQL parse it once per
 * connection (a named prepared statement); PGlite ignores it.
 *
 * For statements whose text does not depend on the call. Shapes that vary (scopes, filters) are
 * server/db/preparedShapes.ts.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';

interface PreparedQuery {
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

/** The part of Drizzle's session a statement runs through (public on every PgDatabase and transaction, typed internal). */
interface Session {
  prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string | undefined, isResponseInArrayMode: boolean): PreparedQuery;
}

const dialect = new PgDialect();
const names = new Set<string>();

export interface Statement {
  /** Runs the statement on `db` (a database or a transaction) with these values for its placeholders. */
  (db: Db | Tx | Pick<Db, 'execute'> | Pick<Tx, 'execute'>, values: Record<string, unknown>): Promise<unknown>;
  /** The rendered text, for tests and logs. */
  readonly text: () => string;
}

export function statement(name: string, build: () => SQL): Statement {
  if (names.has(name)) throw new Error(`statement ${name} defined twice`);
  names.add(name);
  let query: { sql: string; params: unknown[] } | undefined;
  const rendered = () => (query ??= dialect.sqlToQuery(build()));
  const run = (db: object, values: Record<string, unknown>) => (db as { session: Session }).session.prepareQuery(rendered(), undefined, `st_${name}`, false).execute(values);
  return Object.assign(run, { text: () => rendered().sql });
}

/**
 * An SQL object prepared through the session of `db`, as Drizzle's query builders offer it
 * (`.prepare(name)`), for a shape of server/db/preparedShapes.ts built with `sql` alone. Rendered
 * once, when prepared; executed with its placeholders' values.
 */
export function preparableSql(db: Db | Pick<Db, 'execute'>, query: SQL): { prepare(name: string): PreparedQuery } {
  return { prepare: (name) => (db as unknown as { session: Session }).session.prepareQuery(dialect.sqlToQuery(query), undefined, name || undefined, false) };
}
