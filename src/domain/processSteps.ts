/**
 * Process step numbers of SPEC §4. The notes read 5 both as "rejected" and "canceled" and -1 as
 * "rejected"; we read -1 and 4 as rejected and 5 as canceled (docs/decisions.md).
 */
export const PROCESS_STEPS = [-1, 0, 1, 2, 3, 4, 5, 6, 7, 8] as const;
export type ProcessStep = (typeof PROCESS_STEPS)[number];

export const PROCESS_STEP_KEYS: Record<ProcessStep, string> = {
  [-1]: 'rejected',
  0: 'customer_signature',
  1: 'buyer_signature',
  2: 'in_transfer',
  3: 'in_payment',
  4: 'rejected',
  5: 'canceled',
  6: 'completed',
  7: 'pendency',
  8: 'inactive',
};

export const isProcessStep = (v: unknown): v is ProcessStep => typeof v === 'number' && (PROCESS_STEPS as readonly number[]).includes(v);

/** i18n key of a step's label; an unknown step reads "unknown" rather than crashing a table. */
export const processStepKey = (step: number | null | undefined): string =>
  isProcessStep(step) ? `processStep.${PROCESS_STEP_KEYS[step]}` : 'processStep.unknown';

export const SENT_TO_PARTNER_STATE = 'sent_to_fastin';

interface HistoryEntryLike {
  state: string;
}

/** SPEC §4: a history entry with state sent_to_fastin marks the process as sent to the partner. */
export const isSentToPartner = (history: readonly HistoryEntryLike[] | null | undefined): boolean =>
  !!history?.some((h) => h.state === SENT_TO_PARTNER_STATE);
