import { describe, expect, it } from 'vitest';
import { contractKey, contractQuery, entryScore, matchScore, moveActive, rankContracts, rankEntries, type PaletteEntry } from '../../src/domain/commandPalette';

describe('a typed contract', () => {
  it('is digits with the usual separators, after an optional short letter prefix, within bounds', () => {
    expect(contractQuery(' 123.456-7 ')).toBe('123.456-7');
    expect(contractQuery('acm-0001889')).toBe('ACM-0001889');
    expect(contractQuery('ACM 188')).toBe('ACM 188');
    expect(contractQuery('0042')).toBe('0042');
    expect(contractQuery('12')).toBeNull();
    expect(contractQuery('ACM-12')).toBeNull();
    expect(contractQuery('1'.repeat(31))).toBeNull();
    expect(contractQuery('leilão 123')).toBeNull();
    expect(contractQuery('pendencias')).toBeNull();
    expect(contractQuery('')).toBeNull();
    expect(contractKey('acm 000-1889')).toBe('ACM0001889');
  });
});

describe('matching', () => {
  it('ignores capitals and accents and ranks whole, start, word starts, substring, in order', () => {
    expect(matchScore('pendencias', 'Pendências')).toBe(100);
    expect(matchScore('pend', 'Pendências')).toBe(80);
    expect(matchScore('lei nov', 'Novo leilão')).toBe(60);
    expect(matchScore('eilã', 'Novo leilão')).toBe(40);
    expect(matchScore('nvlei', 'Novo leilão')).toBe(10);
    expect(matchScore('nv', 'Novo leilão')).toBe(0);
    expect(matchScore('xyz', 'Novo leilão')).toBe(0);
    expect(matchScore('   ', 'Novo leilão')).toBe(0);
  });

  it('counts keywords a little below the label', () => {
    const e: PaletteEntry = { id: 'l', kind: 'list', label: 'Listagem', keywords: ['cotas'] };
    expect(entryScore('cotas', e)).toBe(95);
    expect(entryScore('listagem', e)).toBe(100);
    expect(entryScore('zzz', e)).toBe(0);
  });
});

describe('ranking', () => {
  const entries: PaletteEntry[] = [
    { id: 'a1', kind: 'action', label: 'Novo leilão' },
    { id: 'l1', kind: 'list', label: 'Leilões' },
    { id: 'v1', kind: 'view', label: 'Leilões ao vivo' },
    { id: 'l2', kind: 'list', label: 'Listagem', keywords: ['cotas'] },
    { id: 'l3', kind: 'list', label: 'Usuários' },
  ];

  it('puts the best match first, lists before views before actions on a tie, and drops the rest', () => {
    expect(rankEntries(entries, 'lei').map((e) => e.id)).toEqual(['l1', 'v1', 'a1']);
    expect(rankEntries(entries, 'leiloes').map((e) => e.id)).toEqual(['l1', 'v1']);
    expect(rankEntries(entries, 'cotas').map((e) => e.id)).toEqual(['l2']);
    expect(rankEntries(entries, 'qqq')).toEqual([]);
  });

  it('shows everything, kind by kind in the given order, for an empty query; at most perKind of each', () => {
    expect(rankEntries(entries, '').map((e) => e.id)).toEqual(['l1', 'l2', 'l3', 'v1', 'a1']);
    expect(rankEntries(entries, '', 2).map((e) => e.id)).toEqual(['l1', 'l2', 'v1', 'a1']);
  });

  it('puts the exact contract first, then those it starts, then those it ends', () => {
    const found = [{ contractNumber: '91234' }, { contractNumber: '71234' + '5' }, { contractNumber: '12345' }, { contractNumber: '1234' }];
    expect(rankContracts(found, '1234').map((c) => c.contractNumber)).toEqual(['1234', '12345', '91234', '712345']);
    expect(rankContracts([{ contractNumber: 'ACM-0001889' }, { contractNumber: 'ACM-0001888' }], 'acm 0001889')[0].contractNumber).toBe('ACM-0001889');
  });
});

describe('arrow keys', () => {
  it('move through the options and wrap around', () => {
    expect(moveActive(-1, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(2, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(0, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(-1, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(1, 3, 'Home')).toBe(0);
    expect(moveActive(1, 3, 'End')).toBe(2);
    expect(moveActive(0, 0, 'ArrowDown')).toBe(-1);
  });
});
