/** The auction rules of src/domain/auctions.ts: status machine, configuration, prices and spreadsheet rows. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUCTION_CONFIG_ERROR_CODES,
  AUCTION_NEXT,
  AUCTION_OPEN_STATUSES,
  AUCTION_STEPS,
  type AuctionConfig,
  PRICING_FILE_ERRORS,
  PRICING_NEXT,
  PRICING_ROW_ERRORS,
  PRICING_RUNNING,
  auctionNextStepBlocker,
  canCancelAuction,
  checkPricingRow,
  isAuctionConfigValid,
  minimumPriceFor,
  parsePrice,
  validateAuctionConfig,
} from '../../src/domain/auctions';
import { AUCTION_STATUSES, PRICING_STATUSES } from '../../src/domain/enums';
import { ptBRAuctions } from '../../src/i18n/pt-BR.auctions';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const config = (over: Partial<AuctionConfig> = {}): AuctionConfig => ({
  name: 'Leilão de março',
  startsAt: '2026-03-10T12:00:00.000Z',
  endsAt: '2026-03-20T12:00:00.000Z',
  contractNumbers: ['ACM-0000001', 'ACM-0000002'],
  fundIds: [1],
  playerIds: [],
  minimumPrice: { kind: 'percent_of_credit', value: 70 },
  ...over,
});

describe('the status machine', () => {
  it('next_step walks the wizard steps in order and stops at finished', () => {
    let s: (typeof AUCTION_STATUSES)[number] | null = 'created';
    const walked = [];
    while (s) {
      walked.push(s);
      s = AUCTION_NEXT[s];
    }
    expect(walked).toEqual([...AUCTION_STEPS]);
    expect(AUCTION_NEXT.canceled).toBeNull();
  });

  it('cancel is possible from every open step and from nothing else', () => {
    expect(AUCTION_STATUSES.filter(canCancelAuction)).toEqual(['created', 'pricing', 'processing', 'live']);
    expect([...AUCTION_OPEN_STATUSES].sort()).toEqual(AUCTION_STATUSES.filter((s) => AUCTION_NEXT[s] !== null).sort());
  });

  it('blocks pricing without a valid configuration and processing without a processed spreadsheet', () => {
    expect(auctionNextStepBlocker({ status: 'created', configValid: false, latestPricing: null })).toBe('configIncomplete');
    expect(auctionNextStepBlocker({ status: 'created', configValid: true, latestPricing: null })).toBeNull();
    for (const p of [null, ...PRICING_STATUSES.filter((x) => x !== 'processed')]) {
      expect(auctionNextStepBlocker({ status: 'pricing', configValid: true, latestPricing: p })).toBe('pricingNotProcessed');
    }
    expect(auctionNextStepBlocker({ status: 'pricing', configValid: false, latestPricing: 'processed' })).toBeNull();
    for (const s of ['processing', 'live'] as const) expect(auctionNextStepBlocker({ status: s, configValid: false, latestPricing: null })).toBeNull();
  });

  it('a pricing run is running exactly while it has somewhere to go on its own', () => {
    // A failed run moves only when the staff retry it; every running status may end failed.
    expect(PRICING_STATUSES.filter((s) => s !== 'failed' && PRICING_NEXT[s].length > 0).sort()).toEqual([...PRICING_RUNNING].sort());
    for (const s of PRICING_RUNNING) expect(PRICING_NEXT[s]).toContain('failed');
    expect(PRICING_NEXT.failed).toEqual(['in_validation']);
  });
});

describe('validateAuctionConfig', () => {
  it('accepts a complete configuration', () => {
    expect(validateAuctionConfig(config(), NOW)).toEqual({});
    expect(isAuctionConfigValid(config({ fundIds: [], playerIds: [4], minimumPrice: { kind: 'fixed', value: 15_000 } }), NOW)).toBe(true);
  });

  it.each<[string, Partial<AuctionConfig>, Record<string, string>]>([
    ['no name', { name: '  ' }, { name: 'required' }],
    ['a short name', { name: 'ab' }, { name: 'nameLength' }],
    ['no start', { startsAt: '10/03/2026' }, { startsAt: 'required' }],
    ['an end before the start', { endsAt: '2026-03-09T12:00:00Z' }, { endsAt: 'endBeforeStart' }],
    ['a window over a year', { endsAt: '2027-03-20T12:00:00Z' }, { endsAt: 'windowTooLong' }],
    ['a window already over', { startsAt: '2026-02-01T00:00:00Z', endsAt: '2026-02-10T00:00:00Z' }, { endsAt: 'endInPast' }],
    ['no shares', { contractNumbers: [] }, { contractNumbers: 'noShares' }],
    ['a blank share', { contractNumbers: ['ACM-1', ' '] }, { contractNumbers: 'invalidShares' }],
    ['a repeated share', { contractNumbers: ['ACM-1', 'ACM-1'] }, { contractNumbers: 'duplicateShares' }],
    ['no buyers', { fundIds: [], playerIds: [] }, { buyers: 'noBuyers' }],
    ['a bad buyer id', { playerIds: [0] }, { buyers: 'invalidBuyers' }],
    ['a buyer id past the integer column', { fundIds: [2_147_483_648] }, { buyers: 'invalidBuyers' }],
    ['a huge buyer id', { playerIds: [1e20] }, { buyers: 'invalidBuyers' }],
    ['a contract number too long to be one', { contractNumbers: ['ACM-1', 'x'.repeat(41)] }, { contractNumbers: 'invalidShares' }],
    ['a percentage over 100', { minimumPrice: { kind: 'percent_of_credit', value: 101 } }, { minimumPrice: 'percentRange' }],
    ['a fixed price of zero', { minimumPrice: { kind: 'fixed', value: 0 } }, { minimumPrice: 'fixedRange' }],
  ])('reports %s on its field', (_, over, errors) => {
    expect(validateAuctionConfig(config(over), NOW)).toEqual(errors);
  });

  it('never throws and answers only known fields and codes, whatever it is given', () => {
    const fields = ['name', 'startsAt', 'endsAt', 'contractNumbers', 'buyers', 'minimumPrice'];
    fc.assert(
      fc.property(fc.anything(), fc.dictionary(fc.constantFrom('name', 'startsAt', 'endsAt', 'contractNumbers', 'fundIds', 'playerIds', 'minimumPrice'), fc.anything()), (junk, partial) => {
        for (const input of [junk, partial, { ...config(), ...partial }]) {
          const errors = validateAuctionConfig(input as Partial<AuctionConfig>, NOW);
          for (const [field, code] of Object.entries(errors)) {
            expect(fields).toContain(field);
            expect(AUCTION_CONFIG_ERROR_CODES).toContain(code);
          }
        }
      }),
    );
  });
});

describe('parsePrice', () => {
  it.each<[unknown, number | null]>([
    ['1.234,56', 1234.56],
    ['R$ 1.234,56', 1234.56],
    ['1234,5', 1234.5],
    ['1234.56', 1234.56],
    ['1234', 1234],
    ['1.234', 1234],
    [1500.255, 1500.26],
    ['0', null],
    ['-10', null],
    ['1,234.56', null],
    ['mil', null],
    ['', null],
    [null, null],
    [Number.NaN, null],
    // An amount that rounds to no cents would price a share at R$ 0,00.
    [0.004, null],
    ['0,004', null],
    ['0,00', null],
    [0.005, 0.01],
  ])('%j is %s', (cell, price) => {
    expect(parsePrice(cell)).toBe(price);
  });

  it('reads back any amount written the Brazilian way or the plain way', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999_99 }), (cents) => {
        const value = cents / 100;
        const [int, dec] = value.toFixed(2).split('.');
        const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
        expect(parsePrice(`${grouped},${dec}`)).toBe(value);
        expect(parsePrice(`R$ ${int},${dec}`)).toBe(value);
        expect(parsePrice(value.toFixed(2))).toBe(value);
        expect(parsePrice(value)).toBe(value);
      }),
    );
  });
});

describe('checkPricingRow', () => {
  const ctx = () => ({
    shares: new Map<string, number | null>([
      ['ACM-1', 10_000],
      ['ACM-2', null],
    ]),
    minimumPrice: { kind: 'percent_of_credit' as const, value: 60 },
    seen: new Set<string>(),
  });

  it('prices a share at or above its minimum, once', () => {
    const c = ctx();
    expect(checkPricingRow(2, ' ACM-1 ', '6.000,00', c)).toEqual({ ok: true, contractNumber: 'ACM-1', price: 6000 });
    expect(checkPricingRow(3, 'ACM-1', '7000', c)).toEqual({ ok: false, error: { row: 3, code: 'contractRepeated', value: 'ACM-1', contract: 'ACM-1' } });
  });

  it('refuses a share without a credit value when the minimum is a percentage of it, and prices it under a fixed minimum', () => {
    expect(checkPricingRow(4, 'ACM-2', 1_000_000, ctx())).toEqual({ ok: false, error: { row: 4, code: 'creditUnknown', value: 'ACM-2', contract: 'ACM-2' } });
    expect(checkPricingRow(4, 'ACM-2', 1, { ...ctx(), minimumPrice: { kind: 'fixed', value: 1 } })).toMatchObject({ ok: true, price: 1 });
  });

  it.each<[unknown, unknown, string]>([
    [null, '100', 'contractMissing'],
    ['ACM-9', '100', 'contractNotInAuction'],
    ['ACM-1', '  ', 'priceMissing'],
    ['ACM-1', '12,345', 'priceInvalid'],
    ['ACM-1', '5.999,99', 'priceBelowMinimum'],
  ])('%j, %j is %s', (contract, price, code) => {
    const result = checkPricingRow(7, contract, price, ctx());
    expect(result).toMatchObject({ ok: false, error: { row: 7, code } });
  });

  it('a refused row does not count as seen', () => {
    const c = ctx();
    checkPricingRow(2, 'ACM-1', '1', c);
    expect(checkPricingRow(3, 'ACM-1', '6000', c).ok).toBe(true);
  });
});

describe('minimumPriceFor', () => {
  it('is a share of the credit value in cents, or the fixed amount', () => {
    expect(minimumPriceFor({ kind: 'percent_of_credit', value: 33 }, 1000.1)).toBe(330.03);
    expect(minimumPriceFor({ kind: 'percent_of_credit', value: 50 }, null)).toBeNull();
    expect(minimumPriceFor({ kind: 'fixed', value: 2500 }, null)).toBe(2500);
  });
});

describe('codes the server answers', () => {
  it('each configuration and spreadsheet code has its Portuguese text', () => {
    const texts = ptBRAuctions.auctions as unknown as { configErrors: Record<string, string>; rowErrors: Record<string, string> };
    for (const code of AUCTION_CONFIG_ERROR_CODES) expect(texts.configErrors[code], code).toMatch(/\S/);
    for (const code of [...PRICING_ROW_ERRORS, ...PRICING_FILE_ERRORS]) expect(texts.rowErrors[code], code).toMatch(/\S/);
  });
});
