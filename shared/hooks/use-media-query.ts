import { useCallback, useMemo, useSyncExternalStore } from 'react';

/**
 * Whether `query` matches now; re-renders when it flips. One MediaQueryList per query, subscribed
 * once (a new `matchMedia` and a resubscription on every render would cost each re-render).
 */
export function useMediaQuery(query: string): boolean {
  const list = useMemo(() => window.matchMedia(query), [query]);
  const subscribe = useCallback(
    (notify: () => void) => {
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    [list],
  );
  return useSyncExternalStore(
    subscribe,
    () => list.matches,
    () => false,
  );
}

/** The shopper asked for less motion (`prefers-reduced-motion: reduce`). */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
