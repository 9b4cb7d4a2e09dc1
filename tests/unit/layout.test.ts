import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FLAGGED_COLUMN_PX, TABLE_WIDTH_PX, columnWidth } from '../../src/domain/layout';

describe('columnWidth (SPEC §9: floor((1248 − 49 if flagged) / n))', () => {
  it('uses 1248 px and 49 px', () => {
    expect(TABLE_WIDTH_PX).toBe(1248);
    expect(FLAGGED_COLUMN_PX).toBe(49);
  });

  it.each([
    [1, 1248, 1199],
    [2, 624, 599],
    [3, 416, 399],
    [4, 312, 299],
    [5, 249, 239],
    [6, 208, 199],
    [7, 178, 171],
    [8, 156, 149],
    [10, 124, 119],
    [12, 104, 99],
    [13, 96, 92],
    [1248, 1, 0],
  ])('%i columns: %i px, %i px when flagged', (n, plain, flagged) => {
    expect(columnWidth(n)).toBe(plain);
    expect(columnWidth(n, false)).toBe(plain);
    expect(columnWidth(n, true)).toBe(flagged);
  });

  it('property: the columns fill the width without overflowing it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.boolean(), (n, flagged) => {
        const available = flagged ? 1199 : 1248;
        const w = columnWidth(n, flagged);
        expect(Number.isInteger(w)).toBe(true);
        expect(w * n).toBeLessThanOrEqual(available);
        expect((w + 1) * n).toBeGreaterThan(available);
      }),
    );
  });

  it.each([[0], [-1], [-10], [0.5], [NaN], [Infinity], [-Infinity]])('%s visible columns does not divide by zero', (n) => {
    for (const flagged of [false, true]) {
      const w = columnWidth(n, flagged);
      expect(Number.isFinite(w)).toBe(true);
      expect(w).toBeGreaterThan(0);
      expect(w).toBeLessThanOrEqual(TABLE_WIDTH_PX);
    }
  });

  it('a fractional column count counts whole columns', () => {
    expect(columnWidth(2.7)).toBe(624);
  });
});
