/**
 * Drizzle renders a query's SQL text on every call, and for the share reads that rendering was the
 * largest cost of the app's own (more than JSON, auth or validation). A query whose shape repeats —
 * the same tables, columns and conditions with other values — is rendered once per shape and
 * database, with placeholders, and then executed with each request's values.
 *
 * The statements stay unnamed on purpose: PostgreSQL parses and plans each with its real values
 * (the plans tests/api/explain.test.ts checks), and no per-connection statement piles up however
 * many shapes clients invent.
 */
import type { Db } from './client';

interface Prepared<T> {
  execute(values?: Record<string, unknown>): Promise<T>;
}

/** Shapes kept per database; the least recently used goes first. */
const SHAPES_KEPT = 500;

export function shapeCache<T>() {
  const byDb = new WeakMap<Db, Map<string, Prepared<T>>>();
  return (db: Db, shape: string, build: () => { prepare(name: string): Prepared<T> }, values: Record<string, unknown>): Promise<T> => {
    let shapes = byDb.get(db);
    if (!shapes) byDb.set(db, (shapes = new Map()));
    let query = shapes.get(shape);
    if (query) shapes.delete(shape);
    else {
      query = build().prepare('');
      if (shapes.size >= SHAPES_KEPT) shapes.delete(shapes.keys().next().value!);
    }
    shapes.set(shape, query);
    return query.execute(values);
  };
}
