import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n';
import { addAllLanguages } from './all-languages';
import { matchMedia, resetViewport } from './viewport';

// jsdom lacks the layout APIs antd and the shell use. matchMedia answers width queries against
// a desktop viewport by default (see viewport.ts to change it).
window.matchMedia = matchMedia;
window.ResizeObserver ??= class {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
};
// antd measures scrollbars with pseudo-element styles, which jsdom does not implement.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

initI18n('en-US');
addAllLanguages();

// Screens load lazily and antd renders a lot on a cold start: allow more than the default 1 s, and
// enough for a loaded machine (a wait that ends when its element shows costs nothing more).
// Set in full at the start of every file: files share the library's settings (isolate: false), and
// some ask role queries to include hidden elements (defaultHidden) for antd's popups.
configure({ asyncUtilTimeout: 15_000, defaultHidden: false });

afterEach(() => {
  cleanup();
  localStorage.clear();
  resetViewport();
});

// Test files share their worker's modules and window (vitest.config.ts: isolate false), so each
// file leaves them as it found them: no spies, fake timers or stubbed globals, no leftovers of
// libraries that append to the body (antd's hidden measuring textarea, popups), the first address.
// React's scheduler may still hold work from the last unmount (it runs on setImmediate); let it
// finish first.
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 50));
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
  if (i18n.language !== 'en-US') await i18n.changeLanguage('en-US');
});
