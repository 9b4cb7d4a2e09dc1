import { generateBoleto } from '@brazilian-utils/brazilian-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TICKET_KINDS } from '../../src/domain/enums';
import { matchErrorMessage } from '../../src/domain/errorCatalogue';
import {
  PENDENCY_KINDS,
  PENDENCY_KIND_RULES,
  PENDENCY_MESSAGES,
  PENDENCY_MOVES,
  PENDENCY_OPEN_SHARE_STATES,
  PENDENCY_STATUSES,
  PENDENCY_WORKFLOW,
  apiAmount,
  availablePendencyMoves,
  boletoLineProblem,
  canOfferOpenPendency,
  canPendencyMove,
  clearNeedsNote,
  dueDateProblem,
  isPendencyOverdue,
  isTicketOverdue,
  paidDateProblem,
  parseIsoDate,
  pendencyAgeDays,
  pendencyStatusAfter,
  pendencyWorkflowMermaid,
  todayInSaoPaulo,
  type PendencyMove,
  type PendencyStatus,
} from '../../src/domain/pendencies';
import { PERMISSIONS } from '../../src/domain/permissions';
import { SHARE_STATES } from '../../src/domain/shareStates';
import { ptBR } from '../../src/i18n/pt-BR';
import { ptBRWorkspace } from '../../src/i18n/pt-BR.workspace';

const BANK_LINE = '00190000090114971860168524522114675860000102656';
const COLLECTION_LINE = '846100000005246100291102005460339004695895061080';

/** The table spelled out by hand: a change to PENDENCY_WORKFLOW must be made here too, on purpose. */
const EXPECTED: Record<PendencyMove, { from: (PendencyStatus | 'none')[]; to: PendencyStatus | 'same'; moneyOnly: boolean }> = {
  open: { from: ['none'], to: 'open', moneyOnly: false },
  add_ticket: { from: ['open', 'paid'], to: 'same', moneyOnly: true },
  register_payment: { from: ['open', 'paid'], to: 'paid', moneyOnly: true },
  clear: { from: ['open', 'paid'], to: 'cleared', moneyOnly: false },
  cancel: { from: ['open', 'paid'], to: 'cancelled', moneyOnly: false },
};

describe('the pendency workflow table', () => {
  it('is the one expected', () => {
    for (const move of PENDENCY_MOVES) {
      const rule = PENDENCY_WORKFLOW[move];
      expect({ from: [...rule.from], to: rule.to, moneyOnly: !!rule.moneyOnly }, move).toEqual(EXPECTED[move]);
    }
  });

  it('no move leaves a closed pendency', () => {
    for (const move of PENDENCY_MOVES) for (const kind of PENDENCY_KINDS) {
      expect(canPendencyMove(move, 'cleared', kind)).toBe(false);
      expect(canPendencyMove(move, 'cancelled', kind)).toBe(false);
    }
  });

  it('money moves only where money is involved', () => {
    expect(canPendencyMove('register_payment', 'open', 'retention')).toBe(true);
    expect(canPendencyMove('register_payment', 'open', 'document')).toBe(false);
    expect(canPendencyMove('add_ticket', 'paid', 'reactivation')).toBe(true);
    expect(canPendencyMove('add_ticket', 'open', 'bank_data')).toBe(false);
    expect(pendencyStatusAfter('register_payment', 'open', 'overdue_installments')).toBe('paid');
    expect(pendencyStatusAfter('add_ticket', 'paid', 'retention')).toBe('paid');
    expect(pendencyStatusAfter('clear', 'open', 'signer_data')).toBe('cleared');
    expect(pendencyStatusAfter('clear', 'cleared', 'signer_data')).toBeNull();
  });

  it('every status after a move is a status', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PENDENCY_MOVES), fc.constantFrom(...PENDENCY_STATUSES, 'none' as const), fc.constantFrom(...PENDENCY_KINDS), (move, status, kind) => {
        const next = pendencyStatusAfter(move, status, kind);
        expect(next === null || (PENDENCY_STATUSES as readonly string[]).includes(next)).toBe(true);
      }),
    );
  });

  it('money kinds take tickets of their own kind; others take none', () => {
    for (const kind of PENDENCY_KINDS) {
      const rule = PENDENCY_KIND_RULES[kind];
      expect(rule.ticketKinds.length > 0, kind).toBe(rule.money);
    }
    expect(PENDENCY_KIND_RULES.reactivation.ticketKinds).not.toContain('RETENTION_FIRST_INSTALLMENT');
    expect(PENDENCY_KIND_RULES.retention.ticketKinds).not.toContain('REACTIVATION_FIRST_INSTALLMENT');
    // Every ticket kind of SPEC §3 fits some pendency.
    for (const t of TICKET_KINDS) expect(PENDENCY_KINDS.some((k) => PENDENCY_KIND_RULES[k].ticketKinds.includes(t)), t).toBe(true);
  });

  it('offers the moves the table, the profile and deniedPermissions allow', () => {
    expect(availablePendencyMoves({ status: 'open', kind: 'retention' }, { profile: 'operator' })).toEqual(['add_ticket', 'register_payment', 'clear']);
    expect(availablePendencyMoves({ status: 'open', kind: 'document' }, { profile: 'adm' })).toEqual(['clear']);
    expect(availablePendencyMoves({ status: 'open', kind: 'retention' }, { profile: 'fund' })).toEqual([]);
    expect(availablePendencyMoves({ status: 'paid', kind: 'retention' }, { profile: 'adm', deniedPermissions: ['pendency.clear'] })).toEqual(['add_ticket', 'register_payment']);
    expect(availablePendencyMoves({ status: 'cleared', kind: 'retention' }, { profile: 'operator' })).toEqual([]);
    expect(canOfferOpenPendency('received_from_client', { profile: 'adm' })).toBe(true);
    expect(canOfferOpenPendency('with_pendency', { profile: 'operator' })).toBe(true);
    expect(canOfferOpenPendency('available', { profile: 'operator' })).toBe(false);
    expect(canOfferOpenPendency('payment_done', { profile: 'operator' })).toBe(false);
    expect(canOfferOpenPendency('approved_by_adm', { profile: 'fund' })).toBe(false);
    expect(canOfferOpenPendency('approved_by_adm', { profile: 'operator', deniedPermissions: ['pendency.open'] })).toBe(false);
    expect(PENDENCY_OPEN_SHARE_STATES).not.toContain('available');
  });

  it('the permissions: staff act, everyone who reads the share reads its pendencies', () => {
    expect(PERMISSIONS['pendency.open']).toEqual(['operator', 'adm']);
    expect(PERMISSIONS['pendency.clear']).toEqual(['operator', 'adm']);
    expect(PERMISSIONS['pendency.read']).toEqual(['operator', 'adm', 'fund']);
  });

  it('clearing money without a payment needs a note', () => {
    expect(clearNeedsNote({ status: 'open', kind: 'retention' })).toBe(true);
    expect(clearNeedsNote({ status: 'paid', kind: 'retention' })).toBe(false);
    expect(clearNeedsNote({ status: 'open', kind: 'document' })).toBe(false);
  });

  it('draws every transition of the table', () => {
    const diagram = pendencyWorkflowMermaid();
    expect(diagram).toContain('[*] --> open: open');
    expect(diagram).toContain('open --> paid: register_payment (money)');
    expect(diagram).toContain('paid --> cleared: clear');
    expect(diagram).toContain('open --> cancelled: cancel');
  });
});

describe('dates in São Paulo', () => {
  // 02:30 UTC on the 28th is still the 27th in São Paulo (UTC-3).
  const lateNight = new Date('2026-11-28T02:30:00Z');

  it('today is São Paulo’s calendar day', () => {
    expect(todayInSaoPaulo(lateNight)).toBe('2026-11-27');
    expect(todayInSaoPaulo(new Date('2026-11-28T03:00:00Z'))).toBe('2026-11-28');
  });

  it('one paid-date rule: up to today in São Paulo, a real date', () => {
    expect(paidDateProblem('2026-11-27', lateNight)).toBeNull();
    // The UTC date is already the 28th, but nobody in São Paulo has paid on the 28th yet.
    expect(paidDateProblem('2026-11-28', lateNight)).toBe('future');
    expect(paidDateProblem('2026-11-19T10:00:00Z', lateNight)).toBeNull();
    expect(paidDateProblem('2026-02-30', lateNight)).toBe('invalid');
    expect(paidDateProblem('27/11/2026', lateNight)).toBe('invalid');
    expect(paidDateProblem('', lateNight)).toBe('invalid');
    expect(parseIsoDate(' 2026-11-20 ')).toBe('2026-11-20');
  });

  it('due dates may be past, not absurd', () => {
    expect(dueDateProblem('2020-01-31')).toBeNull();
    expect(dueDateProblem('2026-12-31')).toBeNull();
    expect(dueDateProblem('0202-01-01')).toBe('invalid');
    expect(dueDateProblem('2026-13-01')).toBe('invalid');
    expect(dueDateProblem(null)).toBe('invalid');
  });

  it('a ticket is overdue after its due date in São Paulo, unpaid, on an open pendency', () => {
    expect(isTicketOverdue({ dueDate: '2026-11-27', paid: false }, 'open', lateNight)).toBe(false);
    expect(isTicketOverdue({ dueDate: '2026-11-26', paid: false }, 'open', lateNight)).toBe(true);
    expect(isTicketOverdue({ dueDate: '2026-11-26', paid: true }, 'open', lateNight)).toBe(false);
    expect(isTicketOverdue({ dueDate: '2026-11-26', paid: false }, 'cleared', lateNight)).toBe(false);
    expect(isPendencyOverdue({ status: 'open', dueDate: '2026-11-01' }, lateNight)).toBe(true);
    expect(isPendencyOverdue({ status: 'paid', dueDate: '2026-11-01' }, lateNight)).toBe(false);
    expect(isPendencyOverdue({ status: 'open', dueDate: null }, lateNight)).toBe(false);
  });

  it('age counts São Paulo days', () => {
    expect(pendencyAgeDays('2026-11-27T12:00:00Z', lateNight)).toBe(0);
    expect(pendencyAgeDays('2026-11-20T02:00:00Z', lateNight)).toBe(8); // the 19th in São Paulo
  });
});

describe('boleto line', () => {
  it('takes a bank slip (47) and a collection slip (48), masked or not', () => {
    expect(boletoLineProblem(BANK_LINE)).toBeNull();
    expect(boletoLineProblem('00190.00009 01149.718601 68524.522114 6 75860000102656')).toBeNull();
    expect(boletoLineProblem(COLLECTION_LINE)).toBeNull();
    expect(boletoLineProblem('84610000000-5 24610029110-2 00546033900-4 69589506108-0')).toBeNull();
  });

  it('refuses a wrong check digit, a wrong length, a barcode and letters', () => {
    const wrong = `${BANK_LINE.slice(0, 9)}${(Number(BANK_LINE[9]) + 1) % 10}${BANK_LINE.slice(10)}`;
    expect(boletoLineProblem(wrong)).toBe('checkDigits');
    expect(boletoLineProblem(BANK_LINE.slice(0, 46))).toBe('length');
    // A 48-digit line that does not start with 8 is not a collection slip.
    expect(boletoLineProblem(`${BANK_LINE}0`)).toBe('length');
    expect(boletoLineProblem('83690000000406900970105503102620222300012345')).toBe('length');
    expect(boletoLineProblem(`${BANK_LINE.slice(0, 20)}x${BANK_LINE.slice(21)}`)).toBe('characters');
    expect(boletoLineProblem('')).toBe('characters');
  });

  it('any generated line passes', () => {
    for (let i = 0; i < 50; i++) {
      expect(boletoLineProblem(generateBoleto())).toBeNull();
      expect(boletoLineProblem(generateBoleto({ type: 'arrecadacao' }))).toBeNull();
    }
  });
});

describe('amounts', () => {
  it('reads numbers and decimal text, more than zero, two decimals', () => {
    expect(apiAmount(1234.5)).toBe('1234.50');
    expect(apiAmount('1234.56')).toBe('1234.56');
    expect(apiAmount(0)).toBeNull();
    expect(apiAmount(-1)).toBeNull();
    expect(apiAmount('1.234,56')).toBeNull();
    expect(apiAmount('1.234')).toBeNull();
    expect(apiAmount(Number.NaN)).toBeNull();
    expect(apiAmount(1e12)).toBeNull();
  });
});

describe('words', () => {
  it('every kind, status, move and ticket kind has its Portuguese label', () => {
    for (const k of PENDENCY_KINDS) expect(ptBR.pendencyKind[k]).toBeTruthy();
    for (const s of PENDENCY_STATUSES) expect(ptBR.pendencyStatus[s]).toBeTruthy();
    for (const m of PENDENCY_MOVES) expect(ptBR.pendencyMove[m]).toBeTruthy();
    for (const t of TICKET_KINDS) expect(ptBR.ticketKind[t]).toBeTruthy();
    for (const a of ['pendency_open', 'pendency_add_ticket', 'pendency_register_payment', 'pendency_clear'] as const) {
      expect(ptBRWorkspace.workspace.historyActions[a]).toBeTruthy();
    }
  });

  it('every refusal of the flow has its catalogue message', () => {
    const key = (m: string) => {
      const r = matchErrorMessage(m);
      return r.kind === 'catalogue' ? r.key : r.kind;
    };
    expect(matchErrorMessage(PENDENCY_MESSAGES.move('clear', 'cleared'))).toEqual({
      kind: 'catalogue',
      key: 'invalidPendencyMove',
      params: { action: { keys: ['pendencyMove.clear'] }, status: { keys: ['pendencyStatus.cleared'] }, allowed: { keys: ['pendencyStatus.open', 'pendencyStatus.paid'], quote: true } },
    });
    expect(matchErrorMessage(PENDENCY_MESSAGES.noMoney('register_payment', 'document'))).toEqual({
      kind: 'catalogue',
      key: 'pendencyNoMoney',
      params: { action: { keys: ['pendencyMove.register_payment'] }, kind: { keys: ['pendencyKind.document'] } },
    });
    expect(key(PENDENCY_MESSAGES.openState('available'))).toBe('invalidMove');
    expect(key(PENDENCY_MESSAGES.amountRequired)).toBe('pendencyAmountRequired');
    expect(key(PENDENCY_MESSAGES.amountNotAllowed)).toBe('pendencyAmountNotAllowed');
    expect(key(PENDENCY_MESSAGES.amount)).toBe('amountInvalid');
    expect(key(PENDENCY_MESSAGES.paymentTypeRequired)).toBe('pendencyPaymentTypeRequired');
    expect(key(PENDENCY_MESSAGES.documentTypeRequired)).toBe('pendencyDocumentTypeRequired');
    expect(key(PENDENCY_MESSAGES.documentTypeNotAllowed)).toBe('pendencyDocumentTypeNotAllowed');
    expect(key(PENDENCY_MESSAGES.dueDate)).toBe('dueDateInvalid');
    expect(key(PENDENCY_MESSAGES.description)).toBe('pendencyDescription');
    expect(key(PENDENCY_MESSAGES.ticketKind)).toBe('ticketKind');
    expect(key(PENDENCY_MESSAGES.ticketLineRequired)).toBe('ticketLineRequired');
    expect(key('Invalid billet line')).toBe('billetLine');
    expect(key(PENDENCY_MESSAGES.ticketPaid)).toBe('ticketPaid');
    expect(key(PENDENCY_MESSAGES.clearNote)).toBe('pendencyClearNote');
    expect(key('Pendency not found')).toBe('notFound.pendency');
    expect(key('Ticket not found')).toBe('notFound.ticket');
    // A status the app does not know falls back to the general message rather than a raw key.
    expect(key('Invalid pendency move: clear from limbo')).toBe('invalidInfo');
    for (const s of SHARE_STATES) expect(key(PENDENCY_MESSAGES.openState(s))).toMatch(/^invalidMove/);
  });
});
