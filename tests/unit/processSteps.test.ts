import { describe, expect, it } from 'vitest';
import {
  PROCESS_STEPS,
  PROCESS_STEP_KEYS,
  SENT_TO_PARTNER_STATE,
  isProcessStep,
  isSentToPartner,
  processStepKey,
} from '../../src/domain/processSteps';
import { ptBR } from '../../src/i18n/pt-BR';

/** Resolves a dotted i18n key ("processStep.rejected") in the pt-BR messages. */
const t = (key: string): unknown => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], ptBR);

describe('process step labels (SPEC §4, DESIGN §4)', () => {
  it.each([
    [-1, 'processStep.rejected', 'Rejeitado'],
    [0, 'processStep.customer_signature', 'Assinatura do cliente'],
    [1, 'processStep.buyer_signature', 'Assinatura do comprador'],
    [2, 'processStep.in_transfer', 'Em transferência'],
    [3, 'processStep.in_payment', 'Em pagamento'],
    [4, 'processStep.rejected', 'Rejeitado'],
    [5, 'processStep.canceled', 'Cancelado'],
    [6, 'processStep.completed', 'Concluído'],
    [7, 'processStep.pendency', 'Pendência'],
    [8, 'processStep.inactive', 'Inativo'],
  ])('step %i -> %s ("%s")', (step, key, label) => {
    expect(processStepKey(step)).toBe(key);
    expect(t(key)).toBe(label);
  });

  it('the steps are exactly -1 to 8', () => {
    expect([...PROCESS_STEPS].sort((a, b) => a - b)).toEqual([-1, 0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('every step key exists in the pt-BR processStep messages, with the unknown fallback', () => {
    for (const step of PROCESS_STEPS) {
      const key = processStepKey(step);
      expect(typeof t(key), key).toBe('string');
      expect((t(key) as string).trim()).not.toBe('');
      expect(Object.keys(ptBR.processStep)).toContain(PROCESS_STEP_KEYS[step]);
    }
    expect(t('processStep.unknown')).toBe('Desconhecido');
  });

  it.each([[9], [-2], [100], [1.5], [NaN], [Infinity], [null], [undefined]])('an unknown step %s reads unknown', (step) => {
    expect(processStepKey(step)).toBe('processStep.unknown');
  });

  it('isProcessStep accepts numbers -1..8 only', () => {
    for (const s of PROCESS_STEPS) expect(isProcessStep(s)).toBe(true);
    for (const v of [9, -2, '1', 2.5, null, undefined]) expect(isProcessStep(v)).toBe(false);
  });
});

describe('isSentToPartner (SPEC §4: sent_to_fastin)', () => {
  it('the partner state is sent_to_fastin', () => {
    expect(SENT_TO_PARTNER_STATE).toBe('sent_to_fastin');
  });
  it('is true when any history entry has state sent_to_fastin', () => {
    expect(isSentToPartner([{ state: 'sent_to_fastin' }])).toBe(true);
    expect(isSentToPartner([{ state: 'created' }, { state: 'sent_to_fastin' }, { state: 'signed' }])).toBe(true);
  });
  it.each([
    [null, 'no history'],
    [undefined, 'no history'],
    [[], 'empty history'],
    [[{ state: 'created' }, { state: 'signed' }], 'other states only'],
    [[{ state: 'sent_to_fastin_pending' }], 'a state that only starts with sent_to_fastin'],
  ])('is false for %j (%s)', (history, _why) => {
    expect(isSentToPartner(history)).toBe(false);
  });
});
