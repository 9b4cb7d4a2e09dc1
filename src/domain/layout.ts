/** SPEC §9: column width = floor((1248 − 49 when flagged) / visible columns). */
export const TABLE_WIDTH_PX = 1248;
/** Width taken by the selection column when the table is flagged as selectable. */
export const FLAGGED_COLUMN_PX = 49;
/** The narrowest a column that may shorten its text (with "…") gets before the table scrolls instead. */
export const MIN_COLUMN_PX = 56;

export const columnWidth = (visibleColumns: number, flagged = false, tableWidth: number = TABLE_WIDTH_PX): number => {
  if (!Number.isFinite(visibleColumns) || visibleColumns < 1) return tableWidth;
  return Math.floor((tableWidth - (flagged ? FLAGGED_COLUMN_PX : 0)) / Math.floor(visibleColumns));
};

/**
 * SPEC §9's equal share applied to the width the table actually has (the content area beside the
 * menu, not a fixed 1248 px that overflowed it at 1280 and 1440 px), with a floor per column: a
 * column that must be read whole (contract number, CPF/CNPJ, state, dates) never gets less than its
 * `minimums[i]`; the others share what is left equally, never under MIN_COLUMN_PX. Widths are whole
 * pixels. Their sum exceeds `availablePx` only when the floors do (a phone): the table then scrolls.
 */
export const fitColumnWidths = (availablePx: number, minimums: readonly (number | undefined)[], flagged = false): number[] => {
  const n = minimums.length;
  if (n === 0) return [];
  const room = Math.max(0, (Number.isFinite(availablePx) ? availablePx : TABLE_WIDTH_PX) - (flagged ? FLAGGED_COLUMN_PX : 0));
  const floor = minimums.map((m) => Math.max(MIN_COLUMN_PX, Math.ceil(m ?? 0)));
  // Columns whose floor is above the equal share take their floor; the share is worked out again
  // over the others until no other floor is above it.
  const pinned = new Set<number>();
  let share = Math.floor(room / n);
  for (;;) {
    const over = floor.findIndex((f, i) => !pinned.has(i) && f > share);
    if (over < 0 || pinned.size === n - 1) break;
    pinned.add(over);
    const left = room - [...pinned].reduce((s, i) => s + floor[i], 0);
    share = Math.floor(Math.max(0, left) / (n - pinned.size));
  }
  return floor.map((f, i) => (pinned.has(i) ? f : Math.max(f, share)));
};
