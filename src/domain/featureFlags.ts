/** SPEC §6 feature flags: the one table the app and the server read. */
export const FEATURE_FLAGS = {
  startSale: false,
  advanceButton: false,
  buyerFilter: true,
  riskReportEnabled: true,
  releaseProposals: true,
  selectProposalEnabled: false,
  displayFundFilters: true,
  displayHistoryButton: true,
  displayCoPersonAddress: false,
  displayBankDetailsSearchButton: false,
  displayOldPendencyHistory: false,
} as const satisfies Record<string, boolean>;

export type FeatureFlag = keyof typeof FEATURE_FLAGS;

export const isFlagOn = (flag: FeatureFlag, flags: Record<FeatureFlag, boolean> = FEATURE_FLAGS): boolean => flags[flag];
