/**
 * The router binding's `go` (src/providers/routerProvider.ts): values are encoded, and a list's
 * state written again to the address it already has is no navigation (issue 17) — a new history
 * entry key would make every part that reads the address render again. Its `parse`, shared by all of
 * Refine's hooks on an address, answers what the stock binding does.
 */
import { act, render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ResourceContext, type GoConfig, type ParseResponse } from '@refinedev/core';
import baseRouterProvider from '@refinedev/react-router';
import { routerProvider } from '../../src/providers/routerProvider';
import { refineResources } from '../../src/resources';

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

describe('routerProvider.parse', () => {
  const resources = refineResources();
  /** What a hook reading the address gets from a parse binding, at `url`. */
  const parsedAt = (parse: () => () => ParseResponse, url: string) => {
    let parsed: ParseResponse | undefined;
    const Probe = () => {
      parsed = parse()();
      return null;
    };
    render(
      <MemoryRouter initialEntries={[url]}>
        <ResourceContext.Provider value={{ resources }}>
          <Probe />
        </ResourceContext.Provider>
      </MemoryRouter>,
    );
    return parsed;
  };

  // Ours answers once per address for all of Refine's hooks: it must answer what the stock binding does.
  it.each([
    '/listagem',
    '/listagem?currentPage=3&pageSize=50&sorters[0][field]=updatedAt&sorters[0][order]=desc',
    '/listagem?filters[0][field]=state&filters[0][operator]=in&filters[0][value][0]=with_pendency&filters[0][value][1]=available',
    '/pendencias?filters[0][field]=q&filters[0][operator]=contains&filters[0][value]=Silva%20%26%20Lima',
    '/?to=%2Flistagem',
    '/usuarios/7/editar',
    '/nao-existe?currentPage=x',
  ])('answers %s as @refinedev/react-router does', (url) => {
    expect(parsedAt(routerProvider.parse as () => () => ParseResponse, url)).toEqual(parsedAt(baseRouterProvider.parse as () => () => ParseResponse, url));
  });

  it('gives every hook on an address the same answer, and a new one for a new address', () => {
    const answers: ParseResponse[] = [];
    const Probe = () => {
      answers.push((routerProvider.parse as () => () => ParseResponse)()());
      return null;
    };
    const view = (url: string) => (
      <MemoryRouter key={url} initialEntries={[url]}>
        <ResourceContext.Provider value={{ resources }}>
          <Probe />
          <Probe />
        </ResourceContext.Provider>
      </MemoryRouter>
    );
    const { rerender } = render(view('/listagem?currentPage=2'));
    rerender(view('/listagem?currentPage=3'));
    expect(answers[0]).toBe(answers[1]);
    expect(answers[2]).not.toBe(answers[0]);
    expect(answers[2].params?.currentPage).toBe(3);
  });
});
