/**
 * The router binding's `go` (src/providers/routerProvider.ts): values are encoded, and a list's
 * state written again to the address it already has is no navigation (issue 17) — a new history
 * entry key would make every part that reads the address render again.
 */
import { act, render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { GoConfig } from '@refinedev/core';
import { routerProvider } from '../../src/providers/routerProvider';

type Go = (config: GoConfig) => string | undefined;

function setup(initial: string) {
  const seen: { go?: Go; key?: string; url?: string; renders: number } = { renders: 0 };
  const Probe = () => {
    const location = useLocation();
    seen.go = routerProvider.go() as Go;
    seen.key = location.key;
    seen.url = location.pathname + location.search;
    seen.renders += 1;
    return null;
  };
  render(
    <MemoryRouter initialEntries={[initial]}>
      <Probe />
    </MemoryRouter>,
  );
  return seen;
}

describe('routerProvider.go', () => {
  it('replaces the address with the query, its values encoded', () => {
    const seen = setup('/listagem');
    act(() => void seen.go!({ type: 'replace', query: { current: 1, q: 'Silva & Lima #12' }, options: { keepQuery: true } }));
    expect(seen.url).toBe('/listagem?current=1&q=Silva%20%26%20Lima%20%2312');
  });

  it('the same address again is no navigation: no new entry, nothing renders again', () => {
    const seen = setup('/listagem?current=2&pageSize=20');
    const { key, renders } = seen;
    act(() => void seen.go!({ type: 'replace', query: { current: 2, pageSize: 20 }, options: { keepQuery: true } }));
    expect(seen.key).toBe(key);
    expect(seen.renders).toBe(renders);
    // Another value is still written.
    act(() => void seen.go!({ type: 'replace', query: { current: 3 }, options: { keepQuery: true } }));
    expect(seen.url).toBe('/listagem?current=3&pageSize=20');
    expect(seen.key).not.toBe(key);
  });

  it('a path asked for is returned, not navigated to', () => {
    const seen = setup('/listagem');
    const { key } = seen;
    let path: string | undefined;
    act(() => void (path = seen.go!({ type: 'path', to: '/transferencias', query: { current: 1 } })));
    expect(path).toBe('/transferencias?current=1');
    expect(seen.key).toBe(key);
  });
});
