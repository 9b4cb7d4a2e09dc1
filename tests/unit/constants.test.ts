import { describe, expect, it } from 'vitest';
import { ANALYTICS_TEXT_MAX, PAGINATION, STORAGE_KEYS, THEME, TOAST } from '../../src/domain/constants';
import {
  AUCTION_STATUSES,
  DOCUMENT_TYPES,
  OWNER_ROLES,
  PAYMENT_TYPES,
  PRICING_STATUSES,
  TICKET_KINDS,
} from '../../src/domain/enums';

describe('business constants (SPEC §2, §9)', () => {
  it('toasts: 4000 ms, at most 3, 356 px wide, 64 px from the bottom, bottom-right', () => {
    expect(TOAST.durationMs).toBe(4000);
    expect(TOAST.maxVisible).toBe(3);
    expect(TOAST.widthPx).toBe(356);
    expect(TOAST.bottomOffsetPx).toBe(64);
    expect(TOAST.placement).toBe('bottomRight');
  });

  it('analytics event text is truncated at 255 characters', () => {
    expect(ANALYTICS_TEXT_MAX).toBe(255);
  });

  it('default theme: #2863D0 and Open Sans first', () => {
    expect(THEME.primaryColor.toUpperCase()).toBe('#2863D0');
    expect(THEME.fontFamily).toMatch(/^'Open Sans'/);
  });

  it('the token lives under the authtoken key (SPEC §6)', () => {
    expect(STORAGE_KEYS.token).toBe('authtoken');
    expect(STORAGE_KEYS.whiteLabel).toBeTruthy();
    expect(STORAGE_KEYS.whiteLabel).not.toBe(STORAGE_KEYS.token);
  });

  it('share lists refuse pages larger than 100 (the issue)', () => {
    expect(PAGINATION.maxLimit).toBe(100);
    expect(PAGINATION.defaultLimit).toBeLessThanOrEqual(PAGINATION.maxLimit);
    expect(PAGINATION.pageSizeOptions.every((n) => n <= PAGINATION.maxLimit)).toBe(true);
    expect(PAGINATION.pageSizeOptions).toContain(PAGINATION.defaultLimit);
  });
});

describe('enumerations (SPEC §3, verbatim)', () => {
  it.each([
    // `failed` added past the SPEC (docs/auctions.md): a run whose background job ran out of retries.
    ['pricing status', PRICING_STATUSES, ['in_validation', 'validation_ok', 'validation_error', 'in_processing', 'processed', 'failed']],
    ['owner role', OWNER_ROLES, ['owner', 'partner']],
    ['auction status', AUCTION_STATUSES, ['created', 'pricing', 'canceled', 'processing', 'live', 'finished']],
    [
      'document types',
      DOCUMENT_TYPES,
      [
        'TRANSFER_INVOICE', 'LATE_INVOICE', 'SIGNED_CONTRACT', 'TRANSFER_RECEIPT', 'CNH', 'RG_WITH_CPF', 'RNE_WITH_CPF',
        'PROOF_OF_ADDRESS', 'COMPANY_CONTRACT', 'CNPJ_CARD', 'PAYMENT_PROOF', 'TRANSFER_FEE', 'SELFIE_WITH_DOCUMENT',
        'DECLARATION_OF_RESIDENCE', 'CONTRACT_SUMMARY', 'TERM_OF_ASSIGNMENT_ADM', 'COMPANY_CONTRACT_PDF', 'ALL_DOCUMENTS_ZIP', 'CIN',
      ],
    ],
    ['payment types', PAYMENT_TYPES, ['payment_fines_and_interest', 'payment_in_full', 'split_in_installments', 'payment_post_award']],
    [
      'ticket kinds',
      TICKET_KINDS,
      [
        'REACTIVATION_FIRST_INSTALLMENT', 'REACTIVATION_FINES_AND_INTERESTS_TICKET', 'RETENTION_FIRST_INSTALLMENT',
        'RETENTION_FINES_AND_INTERESTS_TICKET', 'zip_payment_ticket',
      ],
    ],
  ] as [string, readonly string[], string[]][])('%s', (_, actual, expected) => {
    expect([...actual]).toEqual(expected);
  });
});
