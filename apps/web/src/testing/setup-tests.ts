import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { initI18n } from '@/lib/i18n';
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

// Screens load lazily and antd renders a lot on a cold start: allow more than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  resetViewport();
});

// React's scheduler may still hold work from the last unmount (it runs on setImmediate); let it
// finish while this file's window exists, or it fails later as "window is not defined".
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 50));
});
