/** SPEC §9: column width = floor((1248 − 49 when flagged) / visible columns). */
export const TABLE_WIDTH_PX = 1248;
/** Width taken by the selection column when the table is flagged as selectable. */
export const FLAGGED_COLUMN_PX = 49;

export const columnWidth = (visibleColumns: number, flagged = false): number => {
  if (!Number.isFinite(visibleColumns) || visibleColumns < 1) return TABLE_WIDTH_PX;
  return Math.floor((TABLE_WIDTH_PX - (flagged ? FLAGGED_COLUMN_PX : 0)) / Math.floor(visibleColumns));
};
