import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FLAGGED_COLUMN_PX, MIN_COLUMN_PX, TABLE_WIDTH_PX, columnWidth, fitColumnWidths } from '../../src/domain/layout';

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

describe('fitColumnWidths (SPEC §9 on the width the table has, issue 13)', () => {
  it('is the SPEC rule when no floor is above the equal share', () => {
    for (const flagged of [false, true]) expect(fitColumnWidths(TABLE_WIDTH_PX, Array(9).fill(undefined), flagged)).toEqual(Array(9).fill(columnWidth(9, flagged)));
    expect(fitColumnWidths(1000, [undefined, undefined, undefined, undefined])).toEqual([250, 250, 250, 250]);
  });

  it('gives a column its floor and shares the rest equally among the others', () => {
    // 1,000 px less the selection column, nine columns: 105 each, but the CPF/CNPJ needs 152.
    const widths = fitColumnWidths(1000, [120, undefined, 152, 136, undefined, undefined, undefined, undefined, 112], true);
    expect(widths.slice(0, 4)).toEqual([120, 86, 152, 136]);
    expect(widths.reduce((a, b) => a + b, 0) + FLAGGED_COLUMN_PX).toBeLessThanOrEqual(1000);
    expect(new Set([widths[1], ...widths.slice(4, 8)]).size).toBe(1);
  });

  it('scrolls (sums past the width) only when the floors do', () => {
    const widths = fitColumnWidths(300, [152, 152, undefined]);
    expect(widths).toEqual([152, 152, MIN_COLUMN_PX]);
  });

  it('property: never under a floor, and within the width whenever the floors fit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4000 }), fc.array(fc.option(fc.integer({ min: 0, max: 300 }), { nil: undefined }), { minLength: 1, maxLength: 14 }), fc.boolean(), (width, mins, flagged) => {
        const widths = fitColumnWidths(width, mins, flagged);
        expect(widths).toHaveLength(mins.length);
        widths.forEach((w, i) => {
          expect(Number.isInteger(w)).toBe(true);
          expect(w).toBeGreaterThanOrEqual(Math.max(MIN_COLUMN_PX, mins[i] ?? 0));
        });
        const floors = mins.reduce<number>((s, m) => s + Math.max(MIN_COLUMN_PX, m ?? 0), 0);
        const room = width - (flagged ? FLAGGED_COLUMN_PX : 0);
        if (floors <= room) expect(widths.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(room);
      }),
    );
  });
});
