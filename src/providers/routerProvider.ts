/**
 * Refine's react-router binding with one change: query values are URL-encoded. The stock `go`
 * stringifies with `encode: false`, so a search for "Silva & Lima" or "#12" broke the URL into
 * other parameters or a hash and the filter came back cut after a reload.
 */
import { type GoConfig, QS_PARSE_DEPTH } from '@refinedev/core';
import baseRouterProvider from '@refinedev/react-router';
import qs from 'qs';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

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

export const routerProvider = { ...baseRouterProvider, go: useGo };
