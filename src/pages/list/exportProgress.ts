/**
 * Rows of an export counted as its bytes arrive, for the progress bar (issue 18). Loaded with the
 * export dialog only: the XLSX counter inflates the sheet with fflate as it streams.
 */
import { Unzip, UnzipInflate } from 'fflate';
import type { ExportFormat } from '../../domain';

export interface RowCounter {
  /** Feeds a piece of the file; answers the data rows seen so far (the header is not one). */
  push(chunk: Uint8Array): number;
}

const LF = 0x0a;
const QUOTE = 0x22;

/** Line ends outside quoted fields: a name holding a line break is one row, as Excel reads it. */
export const csvRowCounter = (): RowCounter => {
  let lines = 0;
  let quoted = false;
  return {
    push(chunk) {
      for (let i = 0; i < chunk.length; i++) {
        const b = chunk[i];
        if (b === QUOTE) quoted = !quoted;
        else if (b === LF && !quoted) lines++;
      }
      return Math.max(0, lines - 1);
    },
  };
};

/** `</row>`: no proper prefix of it is also its suffix, so a mismatch restarts the match at '<' or nothing. */
const ROW_END = [0x3c, 0x2f, 0x72, 0x6f, 0x77, 0x3e];

export const xlsxRowCounter = (): RowCounter => {
  let rows = 0;
  let matched = 0;
  const count = (data: Uint8Array) => {
    for (let i = 0; i < data.length; i++) {
      const b = data[i];
      if (b === ROW_END[matched]) {
        matched++;
        if (matched === ROW_END.length) {
          rows++;
          matched = 0;
        }
      } else matched = b === ROW_END[0] ? 1 : 0;
    }
  };
  const unzip = new Unzip((file) => {
    if (file.name !== 'xl/worksheets/sheet1.xml') return;
    file.ondata = (err, data) => {
      if (!err) count(data);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  return {
    push(chunk) {
      // A copy: fflate may keep the buffer it is given, and the download keeps its own.
      unzip.push(chunk.slice());
      return Math.max(0, rows - 1);
    },
  };
};

export const rowCounter = (format: ExportFormat): RowCounter => (format === 'xlsx' ? xlsxRowCounter() : csvRowCounter());
