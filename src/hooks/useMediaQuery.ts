import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, re-rendering when it starts or stops matching. */
export const useMediaQuery = (query: string): boolean => {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener?.('change', onChange);
      return () => list.removeEventListener?.('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
};

/**
 * The system setting "reduce motion" (WCAG 2.3.3): people whom movement makes dizzy or distracts
 * turn it on; the app then drops antd's transitions and the click ripple.
 */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
