/**
 * Issue 18, export: how a list becomes a spreadsheet, shared by the server (which writes the file)
 * and the app (which describes the columns the user sees and names the file). Pure: no I/O.
 *
 * A CSV is written as Excel in Portuguese opens it with a double click: UTF-8 with a BOM, `;` between
 * fields, CRLF between rows, numbers with a decimal comma and dates as dd/mm/aaaa hh:mm in the
 * user's time zone. Every text cell is neutralised against formula injection (OWASP "CSV
 * Injection"): a cell that starts with = + - @ tab or CR gets a leading apostrophe.
 */

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * How a column's values are written. `label`: the value's words from `labels` (a state's name; a
 * list of values reads as their words joined by ", "); `labelsWhen` swaps in other words for the
 * rows whose `field` equals `equals` (a direct sale's feminine statuses). `names`: a list of
 * `{ name }` read as one line. `date` of a calendar day (YYYY-MM-DD) is that day in any time zone.
 */
export const EXPORT_CELL_KINDS = ['text', 'number', 'money', 'date', 'dateTime', 'document', 'label', 'names'] as const;
export type ExportCellKind = (typeof EXPORT_CELL_KINDS)[number];

export interface ExportColumn {
  /** The list item's field (the column's dataIndex), or a field of an object in it: `pendency.ageDays`. */
  field: string;
  /** The header, as the list shows it. */
  title: string;
  kind: ExportCellKind;
  labels?: Readonly<Record<string, string>>;
  labelsWhen?: { field: string; equals: string | number | boolean | null; labels: Readonly<Record<string, string>> };
  /** Written for an empty value (an unnamed auction), else the cell stays empty. */
  empty?: string;
}

/** Limits of one export's description (checked by the server). */
export const EXPORT_MAX_COLUMNS = 40;
export const EXPORT_MAX_TEXT = 200;
export const EXPORT_MAX_LABELS = 60;

/** Response headers of an export: the rows expected (for the progress bar) and whether that count is exact. */
export const EXPORT_TOTAL_HEADER = 'x-export-total';
export const EXPORT_TOTAL_EXACT_HEADER = 'x-export-total-exact';

/** Excel's last row is 1,048,576; one is the header. */
export const XLSX_MAX_ROWS = 1_048_575;

export const CSV_SEPARATOR = ';';
export const CSV_BOM = '\uFEFF';
export const CSV_NEWLINE = '\r\n';

export const EXPORT_CONTENT_TYPES: Readonly<Record<ExportFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** OWASP: a spreadsheet evaluates a cell that starts with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;

export const neutralizeFormula = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** One CSV field: quoted when it holds the separator, a quote or a line break. */
export const csvField = (text: string): string => (/[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

// Made on first use: a module that only names the file (the app) builds no formatter.
let numberFormats: { money: Intl.NumberFormat; number: Intl.NumberFormat } | undefined;

/** 1234.5 → "1.234,50" (money) or "1.234,5": what Excel in Portuguese reads as a number. */
export const formatNumberBR = (n: number, money = false): string => {
  numberFormats ??= {
    money: new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    number: new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 6 }),
  };
  return (money ? numberFormats.money : numberFormats.number).format(n);
};

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const dateFormat = (timeZone: string): Intl.DateTimeFormat => {
  let f = dateFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('pt-BR', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    dateFormats.set(timeZone, f);
  }
  return f;
};

/** Whether the runtime knows the IANA time zone (an unknown one would throw on every row). */
export const isTimeZone = (timeZone: string): boolean => {
  try {
    dateFormat(timeZone);
    return true;
  } catch {
    return false;
  }
};

/** The wall-clock day and time of an instant in a time zone, as numbers. */
export interface LocalDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

export const localDateTime = (at: Date, timeZone: string): LocalDateTime | null => {
  if (Number.isNaN(at.getTime())) return null;
  // "27/11/2026, 19:37": fixed positions for pt-BR with 2-digit fields.
  const m = /^(\d{2})\/(\d{2})\/(\d{4}),? (\d{2}):(\d{2})/.exec(dateFormat(timeZone).format(at));
  return m ? { day: Number(m[1]), month: Number(m[2]), year: Number(m[3]), hour: Number(m[4]), minute: Number(m[5]) } : null;
};

const two = (n: number) => String(n).padStart(2, '0');

/** dd/mm/aaaa, with hh:mm when `withTime`, in the user's time zone. */
export const formatDateBR = (at: Date, timeZone: string, withTime: boolean): string => {
  const l = localDateTime(at, timeZone);
  if (!l) return '';
  const day = `${two(l.day)}/${two(l.month)}/${l.year}`;
  return withTime ? `${day} ${two(l.hour)}:${two(l.minute)}` : day;
};

/** CPF or CNPJ with its mask, told apart by length; anything else as stored. */
export const formatDocumentBR = (value: string): string => {
  const raw = value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  if (/^\d{11}$/.test(raw)) return raw.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  if (/^[0-9A-Z]{12}\d{2}$/.test(raw)) return raw.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, '$1.$2.$3/$4-$5');
  return value;
};

/**
 * The file's name: the list's name and the day, in Portuguese, without characters a file system
 * refuses ("Listagem de cotas 2026-11-27.csv"). ISO order keeps a folder of exports sorted by day.
 */
export const exportFileName = (listName: string, at: Date, format: ExportFormat, timeZone?: string): string => {
  const l = localDateTime(at, timeZone ?? 'America/Sao_Paulo');
  const day = l ? `${l.year}-${two(l.month)}-${two(l.day)}` : at.toISOString().slice(0, 10);
  // eslint-disable-next-line no-control-regex -- control characters are what a file name must not hold
  const safe = listName.replace(/[\\/:*?"<>|\u0000-\u001f]/g, ' ').replace(/\s+/g, ' ').trim() || 'Exportação';
  return `${safe} ${day}.${format}`;
};
