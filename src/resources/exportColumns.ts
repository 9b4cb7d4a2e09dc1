/**
 * The columns an export writes (issue 18): the ones the list shows the user, in its order, with its
 * headers and the words its cells show (a state's name, "Sim"/"Não", a date in pt-BR), described
 * as data for the server (src/domain/exportFormat.ts), which writes the file.
 */
import { PROCESS_STEPS, PROFILES, PROFILE_TENANT, SHARE_STATES, processStepKey, type ExportCellKind, type ExportColumn, type Profile } from '../domain';
import type { CellKind, ColumnDef, ExportPart } from './types';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A list's columns for a profile: a column naming the user's own tenant would say the same on every row. */
export const visibleColumns = (columns: readonly ColumnDef[], profile: Profile | null): readonly ColumnDef[] => {
  const tenant = profile ? PROFILE_TENANT[profile] : null;
  return columns.filter((c) => !c.tenant || c.tenant !== tenant);
};

const labelsOf = (values: readonly (string | number)[], key: (v: string | number) => string, t: Translate, context?: string): Record<string, string> =>
  Object.fromEntries(values.map((v) => [String(v), t(key(v), context ? { context } : undefined)]));

const KIND: Partial<Record<CellKind, ExportCellKind>> = { date: 'date', dateTime: 'dateTime', document: 'document', names: 'names', number: 'number' };

/** The words each value of a column reads as, or null when its values are written as they are. */
const valueLabels = (c: ColumnDef, t: Translate, context?: string): Record<string, string> | null => {
  switch (c.cell) {
    case 'shareState':
      return labelsOf(SHARE_STATES, (s) => `shareState.${s}`, t);
    case 'processStep':
      return labelsOf(PROCESS_STEPS, (s) => processStepKey(Number(s)), t);
    case 'personType':
      return { true: t('shares.pj'), false: t('shares.pf') };
    case 'boolean':
      return { true: t('common.yes'), false: t('common.no') };
    case 'profile':
      return labelsOf(PROFILES, (p) => `profile.${p}`, t);
    case 'tag':
      return labelsOf(c.values ?? [], (v) => `${c.labelPrefix ?? ''}.${v}`, t, context);
    default:
      return null;
  }
};

export const toExportColumn = (c: ColumnDef, t: Translate): ExportColumn => {
  const labels = valueLabels(c, t);
  const when = c.labelContextWhen;
  const out: ExportColumn = { field: c.dataIndex, title: t(c.titleKey), kind: labels ? 'label' : (KIND[c.cell ?? 'text'] ?? 'text') };
  if (labels) out.labels = labels;
  if (c.emptyKey) out.empty = t(c.emptyKey);
  if (when) {
    const other = { ...(valueLabels(c, t, when.context) ?? {}), ...(c.emptyKey ? { '': t(c.emptyKey, { context: when.context }) } : {}) };
    out.labelsWhen = { field: when.field, equals: when.equals, labels: other };
  }
  return out;
};

/** A part of a column as a column of its own (the words and kinds of a cell of that kind). */
const partColumn = (c: ColumnDef, p: ExportPart): ColumnDef => ({
  key: c.key,
  titleKey: p.titleKey ?? c.titleKey,
  dataIndex: p.field,
  cell: p.cell,
  labelPrefix: p.labelPrefix,
  values: p.values,
});

/**
 * What the export writes for the columns a list shows (`columns`: after the column chooser), in
 * their order: one spreadsheet column each, or each of its `exportParts`.
 */
export const exportColumnsOf = (columns: readonly ColumnDef[], profile: Profile | null, t: Translate): ExportColumn[] =>
  visibleColumns(columns, profile).flatMap((c) => (c.exportParts ? c.exportParts.map((p) => toExportColumn(partColumn(c, p), t)) : [toExportColumn(c, t)]));
