import { type ComponentType, type LazyExoticComponent, type ReactNode, Suspense, lazy, useState } from 'react';

/**
 * A component that downloads when first drawn, or earlier when `preload` is called (the pointer
 * nears the button that opens it): parts a page shows only on request stay out of its chunks. A
 * failed download is tried again at the next `preload` or first drawing.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React's own `lazy`
export function onDemand<Component extends ComponentType<any>>(load: () => Promise<{ default: Component }>): { Component: LazyExoticComponent<Component>; preload: () => void } {
  let loading: Promise<{ default: Component }> | undefined;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return { Component: lazy(get), preload: () => void get().catch(() => undefined) };
}

/**
 * Whether `shown` has ever been true: an on-demand dialog or drawer mounts at its first opening and
 * stays mounted, so it animates closed as before.
 */
function useShownOnce(shown: boolean): boolean {
  const [once, setOnce] = useState(shown);
  if (shown && !once) setOnce(true);
  return once || shown;
}

/**
 * Draws an on-demand part (`children`) from the first time `shown` is true on, while it downloads
 * nothing in its place: a dialog or drawer mounted at its first opening, kept for its closing.
 */
export function ShownOnce({ shown, children }: { shown: boolean; children: ReactNode }) {
  return useShownOnce(shown) ? <Suspense fallback={null}>{children}</Suspense> : null;
}
