/**
 * Column-wise bulk insert: `INSERT … SELECT … FROM unnest($1::text[], $2::text[], …)`. One parameter
 * per column instead of one per value, so a statement carries tens of thousands of rows without
 * hitting the 65,535-parameter limit and PostgreSQL parses a short statement once. Every column
 * travels as text and is cast in the select list, which both node-postgres and PGlite serialise
 * the same way (they disagree on enum and jsonb arrays).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../client';

export type ColumnType =
  | 'uuid'
  | 'text'
  | 'int'
  | 'smallint'
  | 'bool'
  | 'numeric'
  | 'timestamptz'
  | 'jsonb'
  | 'share_state'
  | 'auction_status'
  | 'payment_type'
  | 'owner_role'
  | 'date'
  | 'document_type'
  | 'pendency_kind'
  | 'pendency_status';

type Executor = Pick<Db | Tx, 'execute'>;

/** The rows of a raw `execute`: both drivers answer `{ rows }`, the shared Db type says unknown. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const toText = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
};

/** `K` is inferred from the column map, so a row with a misspelt or missing column does not compile. */
export class Batch<K extends string> {
  private readonly names: string[];
  private readonly columns: (string | null)[][];
  private readonly statementHead: string;
  rows = 0;
  total = 0;

  constructor(
    readonly table: string,
    readonly types: Record<K, ColumnType>,
  ) {
    this.names = Object.keys(types);
    this.columns = this.names.map(() => []);
    const cols = this.names.map((n) => `"${n}"`).join(', ');
    const casts = this.names.map((n, i) => `c${i}::${types[n as K]}`).join(', ');
    this.statementHead = `INSERT INTO "${table}" (${cols}) SELECT ${casts} FROM unnest(`;
  }

  push(row: Record<K, unknown>): void {
    for (let i = 0; i < this.names.length; i++) this.columns[i].push(toText(row[this.names[i] as K]));
    this.rows++;
  }

  /** The statement for the rows pushed so far; the batch is empty afterwards. */
  take(): SQL | null {
    if (this.rows === 0) return null;
    const chunks: SQL[] = [sql.raw(this.statementHead)];
    this.columns.forEach((values, i) => {
      if (i > 0) chunks.push(sql.raw(', '));
      chunks.push(sql`${sql.param(values)}::text[]`);
    });
    chunks.push(sql.raw(`) AS u(${this.names.map((_, i) => `c${i}`).join(', ')})`));
    this.total += this.rows;
    this.rows = 0;
    for (let i = 0; i < this.columns.length; i++) this.columns[i] = [];
    return sql.join(chunks, sql.raw(''));
  }

  async flush(db: Executor): Promise<void> {
    const statement = this.take();
    if (statement) await db.execute(statement);
  }
}
