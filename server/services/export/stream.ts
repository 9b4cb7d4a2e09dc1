/**
 * An export as a Node stream: batches of list items in, file bytes out, one batch at a time. The
 * stream is pulled by the HTTP response, so the next batch is read from the database only when the
 * client has taken the bytes before it (backpressure), and a client that goes away stops the reads.
 */
import { Readable } from 'node:stream';
import type { ExportColumn, ExportFormat } from '../../../src/domain/exportFormat';
import { cellOf, defaultColumns } from './cells';
import { type ExportWriter, writerFor } from './writers';

export type ExportRow = Readonly<Record<string, unknown>>;

export interface ExportSource {
  /** Rows expected, for the progress bar: exact, or the planner's estimate past a bound. */
  total: { total: number; exact: boolean };
  batches: AsyncIterable<readonly ExportRow[]>;
}

export interface ExportOptions {
  format: ExportFormat;
  /** The columns the user sees; none (an API client) means every field of the items. */
  columns?: readonly ExportColumn[];
  timeZone: string;
  title: string;
  /** Rows written at most (XLSX's sheet limit). */
  maxRows: number;
}

export async function* exportBytes(source: ExportSource, o: ExportOptions): AsyncGenerator<Uint8Array> {
  let writer: ExportWriter | undefined;
  let columns = o.columns;
  let written = 0;
  const open = (first?: ExportRow) => {
    columns ??= defaultColumns(first);
    writer = writerFor(o.format, columns, o.timeZone, o.title);
    return writer.start();
  };
  for await (const batch of source.batches) {
    if (!batch.length) continue;
    if (!writer) yield open(batch[0]);
    const room = o.maxRows - written;
    const rows = batch.length > room ? batch.slice(0, room) : batch;
    const cols = columns!;
    const bytes = writer!.rows(rows.map((r) => cols.map((c) => cellOf(c, r))));
    written += rows.length;
    if (bytes.length) yield bytes;
    if (written >= o.maxRows) break;
  }
  if (!writer) yield open();
  const tail = writer!.end();
  if (tail.length) yield tail;
}

export const exportStream = (source: ExportSource, o: ExportOptions): Readable =>
  // Bytes, not objects: the buffer is measured in bytes, so a slow client holds the reads at ~64 KB ahead.
  Readable.from(exportBytes(source, o), { objectMode: false, highWaterMark: 64 * 1024 });
