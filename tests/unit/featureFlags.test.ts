import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS, isFlagOn, type FeatureFlag } from '../../src/domain/featureFlags';

/** SPEC §6, row by row. */
const SPEC_FLAGS: [FeatureFlag, 'on' | 'off'][] = [
  ['startSale', 'off'],
  ['advanceButton', 'off'],
  ['buyerFilter', 'on'],
  ['riskReportEnabled', 'on'],
  ['releaseProposals', 'on'],
  ['selectProposalEnabled', 'off'],
  ['displayFundFilters', 'on'],
  ['displayHistoryButton', 'on'],
  ['displayCoPersonAddress', 'off'],
  ['displayBankDetailsSearchButton', 'off'],
  ['displayOldPendencyHistory', 'off'],
];

describe('feature flags (SPEC §6)', () => {
  it('the table equals SPEC §6 exactly, no flag more, no flag less', () => {
    expect(FEATURE_FLAGS).toEqual(Object.fromEntries(SPEC_FLAGS.map(([f, v]) => [f, v === 'on'])));
  });

  it.each(SPEC_FLAGS)('%s is %s', (flag, value) => {
    expect(isFlagOn(flag)).toBe(value === 'on');
  });

  it('isFlagOn reads another table when given one', () => {
    const flipped = Object.fromEntries(Object.entries(FEATURE_FLAGS).map(([k, v]) => [k, !v])) as Record<FeatureFlag, boolean>;
    expect(isFlagOn('startSale', flipped)).toBe(true);
    expect(isFlagOn('buyerFilter', flipped)).toBe(false);
  });
});
