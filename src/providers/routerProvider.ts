/**
 * Refine's react-router binding with two changes:
 * - query values are URL-encoded. The stock `go` stringifies with `encode: false`, so a search for
 *   "Silva & Lima" or "#12" broke the URL into other parameters or a hash and the filter came back
 *   cut after a reload;
 * - `parse` reads each address once, not once per hook that asks (below).
 */
import { type GoConfig, type ParseResponse, QS_PARSE_DEPTH, ResourceContext, matchResourceFromRoute } from '@refinedev/core';
import baseRouterProvider from '@refinedev/react-router';
import qs from 'qs';
import { useCallback, useContext } from 'react';
import { matchPath, useLocation, useNavigate, useParams } from 'react-router';

export const queryStringifyConfig: qs.IStringifyOptions = {
  addQueryPrefix: true,
  skipNulls: true,
  arrayFormat: 'indices',
  // Values are encoded; keys keep their readable brackets (filters[0][field]=state).
  encodeValuesOnly: true,
};

const useGo = () => {
  const { pathname, search: existingSearch, hash: existingHash } = useLocation();
  const navigate = useNavigate();
  return useCallback(
    ({ to, type, query, hash, options: { keepQuery, keepHash } = {} }: GoConfig) => {
      const urlQuery = {
        ...(keepQuery && existingSearch && qs.parse(existingSearch, { ignoreQueryPrefix: true, depth: QS_PARSE_DEPTH })),
        ...query,
      };
      const urlHash = `#${(hash || (keepHash && existingHash) || '').replace(/^#/, '')}`;
      const fullPath = `${to ?? ''}${Object.keys(urlQuery).length ? qs.stringify(urlQuery, queryStringifyConfig) : ''}${urlHash.length > 1 ? urlHash : ''}`;
      if (type === 'path') return fullPath;
      // A list writes its state to the address after each render that may change it; the same
      // address again would still be a navigation, and every part that reads the address would
      // render again for nothing (issue 17).
      if (type === 'replace' && (to ?? pathname) + fullPath.slice((to ?? '').length) === pathname + existingSearch + existingHash) return undefined;
      navigate(fullPath, { replace: type === 'replace' });
      return undefined;
    },
    [existingHash, existingSearch, navigate, pathname],
  );
};

/** As @refinedev/react-router's: a page number or size in the query is a number when it reads as one. */
const numberIfPossible = (value: unknown) => {
  if (typeof value === 'undefined') return value;
  const n = Number(value);
  return `${n}` === value ? n : value;
};

type Resources = Parameters<typeof matchResourceFromRoute>[1];

/** What @refinedev/react-router's `parse` answers for an address, computed the same way. */
const parseAddress = (pathname: string, search: string, resources: Resources, routeParams: Record<string, string | undefined>): ParseResponse => {
  const { resource, action, matchedRoute } = matchResourceFromRoute(pathname, resources);
  const params = Object.keys(routeParams).length === 0 && matchedRoute ? (matchPath(matchedRoute, pathname)?.params ?? {}) : routeParams;
  const combined: Record<string, unknown> = { ...params, ...qs.parse(search, { ignoreQueryPrefix: true, depth: QS_PARSE_DEPTH }) };
  return {
    ...(resource && { resource }),
    ...(action && { action }),
    ...(params.id && { id: decodeURIComponent(params.id) }),
    pathname,
    params: {
      ...combined,
      currentPage: numberIfPossible(combined.currentPage) as number | undefined,
      pageSize: numberIfPossible(combined.pageSize) as number | undefined,
      to: combined.to ? decodeURIComponent(String(combined.to)) : undefined,
    },
  };
};

/**
 * The last address parsed. Refine's useParsed is behind useTable, useResource, useGo, the access
 * checks and more: some forty hooks on a list page, each of which matched the address against every
 * resource's routes and parsed its query again on each render (~7 ms of a filter change's ~110 ms of
 * main thread, ~5 ms of a login's, issue 17). Our routes are not Refine's nested ones, so the answer
 * depends on the address and the resources only, and one answer serves them all. Nothing in Refine
 * writes into it.
 */
let last: { pathname: string; search: string; resources: Resources; parsed: ParseResponse } | undefined;

const useParse = () => {
  const routeParams = useParams();
  const { pathname, search } = useLocation();
  const { resources } = useContext(ResourceContext);
  return useCallback((): ParseResponse => {
    if (Object.keys(routeParams).length > 0) return parseAddress(pathname, search, resources, routeParams);
    if (last?.pathname !== pathname || last.search !== search || last.resources !== resources) last = { pathname, search, resources, parsed: parseAddress(pathname, search, resources, {}) };
    return last.parsed;
  }, [pathname, search, resources, routeParams]);
};

export const routerProvider = { ...baseRouterProvider, go: useGo, parse: useParse };
