import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function that keeps one identity for the component's life and always runs the latest `handler`.
 * For handlers passed to memoized children that would otherwise render again whenever the handler's
 * closure changes (antd's table renders every row and cell for a new `onChange`). Call it from
 * events, not while rendering: during a render it still runs the previous commit's handler.
 */
export function useStableHandler<A extends unknown[], R>(handler: (...args: A) => R): (...args: A) => R {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
