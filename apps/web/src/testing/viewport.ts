/**
 * A `window.matchMedia` for jsdom that answers width queries against a settable viewport width,
 * so layout tests can switch between desktop and mobile (breakpoints of spec section 9), and the
 * reduced-motion preference against a settable answer.
 */
type Listener = (event: MediaQueryListEvent) => void;

let width = 1440;
let lessMotion = false;
const lists = new Set<{ query: string; listeners: Set<Listener>; last: boolean }>();

const evaluate = (query: string): boolean => {
  if (query.includes('prefers-reduced-motion: reduce')) return lessMotion;
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  if (conditions.length === 0) return false;
  return conditions.every(([, kind, value]) => (kind === 'max' ? width <= Number(value) : width >= Number(value)));
};

export const matchMedia = (query: string): MediaQueryList => {
  const entry = { query, listeners: new Set<Listener>(), last: evaluate(query) };
  lists.add(entry);
  const list: MediaQueryList = {
    get matches() {
      return evaluate(query);
    },
    media: query,
    onchange: null,
    addListener: (listener) => {
      if (listener) entry.listeners.add(listener as Listener);
    },
    removeListener: (listener) => {
      if (listener) entry.listeners.delete(listener as Listener);
    },
    addEventListener: (_type: string, listener: EventListenerOrEventListenerObject | null) => {
      if (typeof listener === 'function') entry.listeners.add(listener as unknown as Listener);
    },
    removeEventListener: (_type: string, listener: EventListenerOrEventListenerObject | null) => {
      if (typeof listener === 'function') entry.listeners.delete(listener as unknown as Listener);
    },
    dispatchEvent: () => false,
  };
  return list;
};

/** Tells every media query list whose answer changed. */
const notifyChanged = (): void => {
  for (const entry of lists) {
    const matches = evaluate(entry.query);
    if (matches === entry.last) continue;
    entry.last = matches;
    for (const listener of entry.listeners) listener({ matches, media: entry.query } as MediaQueryListEvent);
  }
};

/** Sets the viewport width and tells every media query list whose answer changed. */
export const setViewportWidth = (next: number): void => {
  width = next;
  notifyChanged();
};

/** Sets whether the system asks for reduced motion, and tells the lists whose answer changed. */
export const setReducedMotion = (next: boolean): void => {
  lessMotion = next;
  notifyChanged();
};

export const resetViewport = (): void => {
  width = 1440;
  lessMotion = false;
  notifyChanged();
  lists.clear();
};
