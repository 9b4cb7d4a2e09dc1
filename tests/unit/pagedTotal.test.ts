import { describe, expect, it } from 'vitest';
import { pagedTotal } from '../../src/pages/list/useListTable';

describe('pagedTotal', () => {
  it('shows an exact total as it is', () => {
    expect(pagedTotal(41, false, 3, 20, 1)).toEqual({ total: 41, totalExact: true });
  });

  it('keeps an estimate, but never below one row past the full page in hand', () => {
    expect(pagedTotal(5_000, true, 2, 20, 20)).toEqual({ total: 5_000, totalExact: false });
    // The planner guessed low: the pager must still offer the next page.
    expect(pagedTotal(1_001, true, 60, 20, 20)).toEqual({ total: 1_201, totalExact: false });
  });

  it('a page that is not full is the last one, which makes the total exact', () => {
    expect(pagedTotal(5_000, true, 70, 20, 7)).toEqual({ total: 1_387, totalExact: true });
  });
});
