/**
 * One list item's value in one export column, as a typed cell the CSV and XLSX writers each write
 * their own way (src/domain/exportFormat.ts says how a column is described).
 */
import { type ExportColumn, formatDocumentBR } from '../../../src/domain/exportFormat';

export type Cell =
  | { type: 'empty' }
  | { type: 'text'; text: string }
  | { type: 'number'; value: number; money: boolean }
  /** `timeZone`: the day is a calendar day (a due date), written as it is in any zone. */
  | { type: 'date'; at: Date; withTime: boolean; timeZone?: string };

const EMPTY: Cell = { type: 'empty' };

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * The value at a column's field: the item's own property, or one level down (`pendency.ageDays`).
 * Own properties only, so a crafted field name reads nothing but the list item's data.
 */
export const valueAt = (row: Readonly<Record<string, unknown>>, field: string): unknown => {
  let value: unknown = row;
  for (const part of field.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
};

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

const labelOf = (column: ExportColumn, row: Readonly<Record<string, unknown>>, value: unknown): string => {
  const when = column.labelsWhen;
  const labels = when && valueAt(row, when.field) === when.equals ? when.labels : column.labels;
  // A list of values (a share's pendency kinds) reads as their words in one line.
  if (Array.isArray(value)) return value.map((v) => labelOf({ ...column, labelsWhen: undefined, labels }, row, v)).join(', ');
  const key = String(value);
  return labels && Object.hasOwn(labels, key) ? labels[key] : key;
};

export function cellOf(column: ExportColumn, row: Readonly<Record<string, unknown>>): Cell {
  const value = valueAt(row, column.field);
  if (isEmpty(value)) return column.empty !== undefined ? { type: 'text', text: labelOfEmpty(column, row) } : EMPTY;
  switch (column.kind) {
    case 'number':
    case 'money': {
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(n) ? { type: 'number', value: n, money: column.kind === 'money' } : { type: 'text', text: String(value) };
    }
    case 'date':
    case 'dateTime': {
      // A calendar day (YYYY-MM-DD) has no time zone: midnight UTC written in UTC is that very day.
      if (typeof value === 'string' && CALENDAR_DAY.test(value)) {
        const day = new Date(`${value}T00:00:00Z`);
        return Number.isNaN(day.getTime()) ? { type: 'text', text: value } : { type: 'date', at: day, withTime: false, timeZone: 'UTC' };
      }
      const at = value instanceof Date ? value : new Date(String(value));
      return Number.isNaN(at.getTime()) ? { type: 'text', text: String(value) } : { type: 'date', at, withTime: column.kind === 'dateTime' };
    }
    case 'document':
      return { type: 'text', text: formatDocumentBR(String(value)) };
    case 'label':
      return { type: 'text', text: labelOf(column, row, value) };
    case 'names':
      return { type: 'text', text: Array.isArray(value) ? value.map((v: { name?: unknown }) => String(v?.name ?? '')).join(', ') : String(value) };
    default:
      return { type: 'text', text: typeof value === 'object' ? JSON.stringify(value) : String(value) };
  }
}

/** An empty value's words may depend on the row too ("Venda direta sem nome"). */
const labelOfEmpty = (column: ExportColumn, row: Readonly<Record<string, unknown>>): string => {
  const when = column.labelsWhen;
  if (when && valueAt(row, when.field) === when.equals && Object.hasOwn(when.labels, '')) return when.labels[''];
  return column.empty ?? '';
};

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * Columns for a caller that names none (an API client): every field of the first row, its name as
 * the header, dates and numbers recognised.
 */
export function defaultColumns(row: Readonly<Record<string, unknown>> | undefined): ExportColumn[] {
  if (!row) return [];
  return Object.entries(row).map(([field, v]) => ({
    field,
    title: field,
    kind: typeof v === 'number' ? 'number' : typeof v === 'string' && ISO_TIME.test(v) ? 'dateTime' : Array.isArray(v) && v.every((x) => x && typeof x === 'object' && 'name' in x) ? 'names' : 'text',
  }));
}
