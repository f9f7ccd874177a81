import { useCallback, useMemo, useSyncExternalStore } from 'react';

/**
 * Whether the window is narrower than px (a breakpoint of shared/constants),
 * right from the first render: no render with a guess, then another. It asks
 * the media query, not the window's width: reading window.innerWidth makes
 * the browser lay the page out first when the page has changed (a list's
 * rows rendering after the page: a forced layout of the whole page).
 */
export function useNarrowerThan(px: number): boolean {
  const mql = useMemo(() => window.matchMedia(`(max-width: ${px - 1}px)`), [px]);
  const subscribe = useCallback(
    (onChange: () => void) => {
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    [mql],
  );
  return useSyncExternalStore(subscribe, () => mql.matches);
}
