import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the window is narrower than px (a breakpoint of shared/constants),
 * right from the first render: no render with a guess, then another.
 */
export function useNarrowerThan(px: number): boolean {
  return useMediaQuery(`(max-width: ${px - 1}px)`, window.innerWidth < px, { getInitialValueInEffect: false }) ?? false;
}
