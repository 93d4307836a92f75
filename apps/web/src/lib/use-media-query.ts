import { useCallback, useSyncExternalStore } from 'react';

/** Tracks a CSS media query (the responsive breakpoints of spec section 9). */
export const useMediaQuery = (query: string): boolean => {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
};

/** Breakpoints of spec sections 2 and 9: mobile up to 1087.99px, a narrower tier up to 767.99px. */
export const breakpoints = {
  mobile: '(max-width: 1087.99px)',
  narrow: '(max-width: 767.99px)',
} as const;

/** The user asked their system for less motion (WCAG 2.3.3): antd's transitions and the console's own are turned off. */
export const reducedMotion = '(prefers-reduced-motion: reduce)';
