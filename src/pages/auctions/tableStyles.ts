/**
 * Cell styles of the auction tables (issue 13: they fit at 1366 and 1280 px). Numbers, codes and
 * dates never break inside (a contract number split over two lines reads as two); long names end in
 * an ellipsis with the whole name in a tooltip.
 */
import type { CSSProperties } from 'react';

export const NUMBER_CELL: CSSProperties = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' };
