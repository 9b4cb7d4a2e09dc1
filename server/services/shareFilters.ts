/**
 * The `filters` query parameter of the share lists: one JSON object whose keys are
 * SHARE_FILTER_KEYS. Anything else is a 400 naming the offending key, never silently ignored.
 */
import { SEARCH_MAX_LENGTH, foldSearchText } from '../../src/domain/search';
import { PROCESS_STEPS, type ProcessStep, isProcessStep } from '../../src/domain/processSteps';
import { SHARE_FILTER_KEYS } from '../../src/domain/shareList';
import { SHARE_STATES, type ShareState, isShareState } from '../../src/domain/shareStates';
import { PENDENCY_FILTER_KEYS, PENDENCY_KINDS, type PendencyKind, type PendencyListFilters, isPendencyKind, parseIsoDate, todayInSaoPaulo } from '../../src/domain/pendencies';
import { invalidFilter, readFilters } from './filters';

export const MAX_QUERY_LENGTH = SEARCH_MAX_LENGTH;

export interface ParsedShareFilters {
  /** Trimmed free text, folded like the search column (lower case, no accents). */
  q?: string;
  /**
   * Other spellings of a document number in q: its digits when q is masked, its CPF or CNPJ mask
   * when q is a bare 11 or 14 digits, so that either form finds a document stored either way.
   */
  qAlternatives?: string[];
  state?: ShareState[];
  /** Process steps (issue 18: the dashboard's per-step figures open the list filtered to one). */
  processStep?: ProcessStep[];
  admId?: number;
  fundId?: number;
  isPj?: boolean;
  updatedFrom?: Date;
  /** Exclusive upper bound: the end of updatedTo's day when it is a date, else just after it. */
  updatedBefore?: Date;
  // The /pendencias list's own (GET /share/with_pendency_list, issue 15).
  pendencyKind?: PendencyKind[];
  /** The São Paulo date the oldest open pendency must have been opened on or before (from pendencyMinAgeDays). */
  pendencyOpenedOnOrBefore?: string;
  pendencyDueFrom?: string;
  pendencyDueTo?: string;
  pendencyOverdue?: boolean;
  /** Today in São Paulo, when a filter compares with it (pendencyOverdue). */
  today?: string;
}

const invalid = invalidFilter;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/;
const MASKED_NUMBER = /^[\d.\-/\s]+$/;

const parseDate = (key: string, v: unknown): { at: Date; dateOnly: boolean } => {
  if (typeof v !== 'string' || !(DATE_ONLY.test(v) || ISO_DATE_TIME.test(v))) throw invalid(key, 'must be an ISO date (YYYY-MM-DD) or date-time');
  // A bare date is a UTC calendar day; clients that mean a local day send a date-time with offset.
  const at = new Date(DATE_ONLY.test(v) ? `${v}T00:00:00Z` : v);
  if (Number.isNaN(at.getTime())) throw invalid(key, 'must be a valid date');
  return { at, dateOnly: DATE_ONLY.test(v) };
};

const parseId = (key: string, v: unknown): number => {
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 2_147_483_647) throw invalid(key, 'must be a positive integer');
  return n;
};

const parseBoolean = (key: string, v: unknown): boolean => {
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === 'false') return v === 'true';
  throw invalid(key, 'must be true or false');
};

const parseStates = (v: unknown): ShareState[] => {
  const list = Array.isArray(v) ? v : [v];
  if (list.length === 0) throw invalid('state', 'must list at least one state');
  const bad = list.find((s) => !isShareState(s));
  if (bad !== undefined) throw invalid('state', `must be one of ${SHARE_STATES.join(', ')}`);
  return [...new Set(list as ShareState[])];
};

const parseSteps = (v: unknown): ProcessStep[] => {
  const list = (Array.isArray(v) ? v : [v]).map((s) => (typeof s === 'string' && /^-?\d+$/.test(s) ? Number(s) : s));
  if (list.length === 0) throw invalid('processStep', 'must list at least one step');
  if (!list.every(isProcessStep)) throw invalid('processStep', `must be one of ${PROCESS_STEPS.join(', ')}`);
  return [...new Set(list as ProcessStep[])];
};

const masked = (digits: string): string | null => {
  if (digits.length === 11) return digits.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  if (digits.length === 14) return digits.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
  return null;
};

const parseQuery = (v: unknown): Pick<ParsedShareFilters, 'q' | 'qAlternatives'> => {
  if (typeof v !== 'string') throw invalid('q', 'must be a string');
  const q = foldSearchText(v.trim());
  if (q.length > MAX_QUERY_LENGTH) throw invalid('q', `must be at most ${MAX_QUERY_LENGTH} characters`);
  if (!q) return {};
  if (!MASKED_NUMBER.test(q)) return { q };
  const digits = q.replace(/\D/g, '');
  const alternatives = [digits, masked(digits)].filter((t): t is string => !!t && t !== q);
  return alternatives.length ? { q, qAlternatives: [...new Set(alternatives)] } : { q };
};

const parseKinds = (v: unknown): PendencyKind[] => {
  const list = Array.isArray(v) ? v : [v];
  if (list.length === 0) throw invalid('pendencyKind', 'must list at least one kind');
  if (list.some((k) => !isPendencyKind(k))) throw invalid('pendencyKind', `must be one of ${PENDENCY_KINDS.join(', ')}`);
  return [...new Set(list as PendencyKind[])];
};

const parseCalendarDate = (key: string, v: unknown): string => {
  const iso = typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? parseIsoDate(v) : null;
  if (!iso) throw invalid(key, 'must be an ISO date (YYYY-MM-DD)');
  return iso;
};

/** The São Paulo date `days` before `today`. */
const daysBefore = (today: string, days: number): string => new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/**
 * Parses and validates the raw `filters` parameter; absent or empty means no filter. `pendency`:
 * the /pendencias list, which also takes PENDENCY_FILTER_KEYS.
 */
export function parseShareFilters(raw: string | undefined, options: { pendency?: boolean } = {}): ParsedShareFilters {
  const input = readFilters(raw, options.pendency ? [...SHARE_FILTER_KEYS, ...PENDENCY_FILTER_KEYS] : SHARE_FILTER_KEYS);
  if (!input) return {};

  const out: ParsedShareFilters = {};
  // null or '' for a key means "not filtered": what a cleared form field sends.
  const given = (k: keyof PendencyListFilters) => input[k] !== undefined && input[k] !== null && input[k] !== '';
  if (given('q')) Object.assign(out, parseQuery(input.q));
  if (given('state')) out.state = parseStates(input.state);
  if (given('processStep')) out.processStep = parseSteps(input.processStep);
  if (given('admId')) out.admId = parseId('admId', input.admId);
  if (given('fundId')) out.fundId = parseId('fundId', input.fundId);
  if (given('isPj')) out.isPj = parseBoolean('isPj', input.isPj);
  if (given('updatedFrom')) out.updatedFrom = parseDate('updatedFrom', input.updatedFrom).at;
  if (given('updatedTo')) {
    const { at, dateOnly } = parseDate('updatedTo', input.updatedTo);
    out.updatedBefore = new Date(at.getTime() + (dateOnly ? 86_400_000 : 1));
  }
  if (out.updatedFrom && out.updatedBefore && out.updatedFrom >= out.updatedBefore) throw invalid('updatedTo', 'must not be before updatedFrom');
  if (options.pendency) {
    const today = todayInSaoPaulo();
    if (given('pendencyKind')) out.pendencyKind = parseKinds(input.pendencyKind);
    if (given('pendencyMinAgeDays')) {
      const n = typeof input.pendencyMinAgeDays === 'string' && /^\d+$/.test(input.pendencyMinAgeDays) ? Number(input.pendencyMinAgeDays) : input.pendencyMinAgeDays;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 36_500) throw invalid('pendencyMinAgeDays', 'must be a whole number of days, 0 to 36500');
      if (n > 0) out.pendencyOpenedOnOrBefore = daysBefore(today, n);
    }
    if (given('pendencyDueFrom')) out.pendencyDueFrom = parseCalendarDate('pendencyDueFrom', input.pendencyDueFrom);
    if (given('pendencyDueTo')) out.pendencyDueTo = parseCalendarDate('pendencyDueTo', input.pendencyDueTo);
    if (out.pendencyDueFrom && out.pendencyDueTo && out.pendencyDueFrom > out.pendencyDueTo) throw invalid('pendencyDueTo', 'must not be before pendencyDueFrom');
    if (given('pendencyOverdue')) {
      out.pendencyOverdue = parseBoolean('pendencyOverdue', input.pendencyOverdue);
      out.today = today;
    }
  }
  return out;
}
