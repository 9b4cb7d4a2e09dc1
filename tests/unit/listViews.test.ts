import { describe, expect, it } from 'vitest';
import { VIEW_LIMITS, VIEW_LISTS, isColumnKey, isViewList, isViewState, viewName, viewNameKey, viewNameProblem, viewStateOf, shownColumns } from '../../src/domain/listViews';
import { RESOURCES } from '../../src/resources';

describe('the lists views are kept for', () => {
  it('are the lists of the resources table, each with the permission that lists it', () => {
    // A list added to RESOURCES must be added to VIEW_LISTS (src/domain/listViews.ts), which the server reads.
    expect(VIEW_LISTS).toEqual(Object.fromEntries(RESOURCES.map((r) => [r.name, r.permissions.list])));
    expect(isViewList('shares')).toBe(true);
    expect(isViewList('toString')).toBe(false);
    expect(isViewList(undefined)).toBe(false);
  });

  it('every column key of every list is a key a view may hide', () => {
    for (const r of RESOURCES) for (const c of r.columns) expect(isColumnKey(c.key), `${r.name}.${c.key}`).toBe(true);
    for (const r of RESOURCES) expect(new Set(r.columns.map((c) => c.key)).size, r.name).toBe(r.columns.length);
  });
});

describe('a view’s state', () => {
  it('keeps page size, sort and filters of Refine’s URL, drops the page and anything else', () => {
    const search = '?currentPage=4&pageSize=50&sorters[0][field]=updatedAt&sorters[0][order]=desc&filters[0][field]=q&filters[0][operator]=contains&filters[0][value]=José&utm=x';
    const state = viewStateOf(search);
    const back = new URLSearchParams(state);
    expect(back.get('currentPage')).toBeNull();
    expect(back.get('utm')).toBeNull();
    expect(back.get('pageSize')).toBe('50');
    expect(back.get('sorters[0][field]')).toBe('updatedAt');
    expect(back.get('filters[0][value]')).toBe('José');
    expect(viewStateOf(search.slice(1))).toBe(state);
    expect(isViewState(state)).toBe(true);
    expect(viewStateOf('')).toBe('');
    expect(isViewState('')).toBe(true);
  });

  it('refuses what viewStateOf would not write, and what is too long', () => {
    expect(isViewState('currentPage=2')).toBe(false);
    expect(isViewState('pageSize=20&x=1')).toBe(false);
    expect(isViewState('pageSizeX=20')).toBe(false);
    expect(isViewState(`pageSize=${'1'.repeat(VIEW_LIMITS.stateMax)}`)).toBe(false);
  });
});

describe('a view’s name', () => {
  it('is trimmed with inner spaces made one, required and bounded in characters, not bytes', () => {
    expect(viewName('  Minhas   cotas ')).toBe('Minhas cotas');
    expect(viewNameProblem('   ')).toBe('name is required');
    expect(viewNameProblem('ç'.repeat(VIEW_LIMITS.nameMax))).toBeNull();
    expect(viewNameProblem('x'.repeat(VIEW_LIMITS.nameMax + 1))).toMatch(/at most 60/);
  });

  it('compares without capitals or accents', () => {
    expect(viewNameKey('Pendências  Antigas')).toBe(viewNameKey('pendencias antigas'));
    expect(viewNameKey('Pendências')).not.toBe(viewNameKey('Pendência'));
  });
});

describe('visible columns', () => {
  const cols = [{ key: 'a' }, { key: 'b' }, { key: 'c' }];
  it('leave out the hidden ones, ignore unknown keys, and never hide every column', () => {
    expect(shownColumns(cols, ['b', 'zz']).map((c) => c.key)).toEqual(['a', 'c']);
    expect(shownColumns(cols, ['a', 'b', 'c']).map((c) => c.key)).toEqual(['a', 'b', 'c']);
    expect(shownColumns(cols, []).map((c) => c.key)).toEqual(['a', 'b', 'c']);
  });
});
