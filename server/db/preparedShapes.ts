/**
 * Drizzle renders a query's SQL text on every call, and for the share reads that rendering was the
 * largest cost of the app's own (more than JSON, auth or validation). A query whose shape repeats —
 * the same tables, columns and conditions with other values — is rendered once per shape and
 * database, with placeholders, and then executed with each request's values.
 *
 * A shape may also keep its plan: it then runs as a named statement, which PostgreSQL parses once
 * per connection and, after five runs, may serve from one generic plan — planning a list page cost
 * PostgreSQL four times what running it did. Only shapes whose best plan does not depend on the
 * values ask for it (not free text: a rare word and a common one want different plans), and only
 * the first NAMED_KEPT shapes get a name, so that no connection piles up statements however many
 * shapes clients invent. PGlite ignores the name.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from './client';

interface Prepared<T> {
  execute(values?: Record<string, unknown>): Promise<T>;
}

/** Shapes kept rendered per database; the least recently used goes first. */
const SHAPES_KEPT = 500;
/** Shapes per database that run as named statements. */
export const NAMED_KEPT = 64;

interface Shapes<T> {
  rendered: Map<string, Prepared<T>>;
  named: Set<string>;
}

/** How a query refers to a binding: by its value, or by a placeholder when its shape is prepared. */
export type Bind = (name: string) => unknown;
/** A shape's builder bound to the values themselves (a query run once, EXPLAIN tests). */
export const literally =
  (bindings: Record<string, unknown>): Bind =>
  (name) =>
    bindings[name];
export const byPlaceholder: Bind = (name) => sql.placeholder(name);

export function shapeCache<T>() {
  const byDb = new WeakMap<Db, Shapes<T>>();
  return (
    db: Db,
    shape: string,
    build: () => { prepare(name: string): Prepared<T> },
    values: Record<string, unknown>,
    options: { keepPlan: boolean },
  ): Promise<T> => {
    let shapes = byDb.get(db);
    if (!shapes) byDb.set(db, (shapes = { rendered: new Map(), named: new Set() }));
    let query = shapes.rendered.get(shape);
    if (query) shapes.rendered.delete(shape);
    else {
      // The same shape always renders the same text, so its name (a digest of the shape) is safe to
      // reuse on a connection that prepared it before this entry was forgotten.
      const named = options.keepPlan && (shapes.named.has(shape) || shapes.named.size < NAMED_KEPT);
      if (named) shapes.named.add(shape);
      query = build().prepare(named ? `shape_${createHash('sha1').update(shape).digest('hex').slice(0, 24)}` : '');
      if (shapes.rendered.size >= SHAPES_KEPT) shapes.rendered.delete(shapes.rendered.keys().next().value!);
    }
    shapes.rendered.set(shape, query);
    return query.execute(values);
  };
}

/**
 * A LIMIT written into the text rather than bound: PostgreSQL prices a generic plan's `limit $1` as
 * a tenth of the table and so never reuses it. Only for integers the server chose or validated.
 */
export function inlineLimit(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a limit: ${n}`);
  // Drizzle writes an SQL object after LIMIT as it is; its type only admits numbers and placeholders.
  return sql.raw(String(n)) as unknown as number;
}
