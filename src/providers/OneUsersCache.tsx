import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { STORAGE_KEYS } from '../domain';
import { decodeClaims, onTokenChange, readToken } from './session';

/** The signed-in session a token belongs to (its `sid`), or null without one. */
const sessionOf = (token: string | null): string | null => {
  if (!token) return null;
  const sid = (decodeClaims(token) as { sid?: unknown } | null)?.sid;
  return typeof sid === 'string' && sid ? sid : token;
};

/**
 * Refine's query cache keeps answers under keys that do not name the user (a list's page, a share),
 * and the signed-in app stays mounted across a logout and the next login in the same tab. When
 * another session begins (a login here, or in another tab) every answer of the last one is dropped
 * before the new one's pages render, so the next user never sees the last one's rows, not even while
 * their own load. A logout alone drops nothing: the pages still mounted would ask again, without a
 * token, on their way out; their answers leave memory with the next login or after gcTime.
 */
export const OneUsersCache = () => {
  const queryClient = useQueryClient();
  useEffect(() => {
    let cachedFor = sessionOf(readToken());
    const check = () => {
      const now = sessionOf(readToken());
      if (now === null || now === cachedFor) return;
      cachedFor = now;
      queryClient.clear();
    };
    const fromOtherTab = (e: StorageEvent) => {
      if (e.key === null || e.key === STORAGE_KEYS.token) check();
    };
    window.addEventListener('storage', fromOtherTab);
    const off = onTokenChange(check);
    return () => {
      off();
      window.removeEventListener('storage', fromOtherTab);
    };
  }, [queryClient]);
  return null;
};
