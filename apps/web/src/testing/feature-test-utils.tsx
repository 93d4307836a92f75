import type { Envelope } from '@cellsight/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { MemoryRouter } from 'react-router';
import { initI18n } from '@/lib/i18n';
import { FeedbackApp } from '@/components/feedback-app';

/**
 * jsdom's getComputedStyle cascades every style sheet and re-resolves each ancestor on every call;
 * role queries, user-event's pointer checks and antd's measurements call it thousands of times, so
 * each click took seconds. Inline styles are what antd toggles (display:none on closed dialogs),
 * so they are answer enough for these tests.
 */
const inlineComputedStyle = (element: Element): CSSStyleDeclaration =>
  element instanceof HTMLElement || element instanceof SVGElement ? element.style : document.createElement('div').style;

/** jsdom lacks the layout APIs antd's responsive grid and tables ask for; these answer "desktop". */
export const stubBrowserApis = (): void => {
  window.getComputedStyle = inlineComputedStyle;
  if (!window.matchMedia) {
    window.matchMedia = (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    });
  }
  // The rich text editor (ProseMirror) asks where the pointer and the selection are.
  document.elementFromPoint ??= () => null;
  const noRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Element.prototype.getClientRects ??= noRects;
  Range.prototype.getClientRects ??= noRects;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  if (typeof window.ResizeObserver === 'undefined') {
    window.ResizeObserver = class {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    };
  }
};

/**
 * Renders inside the providers the shell gives every screen: a router (list screens keep their
 * state in the URL), TanStack Query and antd's App (with the notify helpers bridged to it).
 * `zeroRuntime` keeps antd's CSS-in-JS out of the document (jsdom re-reads every style sheet on each
 * getComputedStyle); motion is off because jsdom never fires the transition end that closes dialogs.
 */
export const renderWithProviders = (ui: ReactElement) => {
  stubBrowserApis();
  initI18n('en-US');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider theme={{ zeroRuntime: true, token: { motion: false } }}>
          <FeedbackApp>{ui}</FeedbackApp>
        </ConfigProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { ...view, queryClient };
};

/**
 * The data rows of the table in `container`: its body's rows. A table with a fixed header (scroll.y)
 * also renders header rows of its own while it measures its columns.
 */
export const tableBodyRows = (container: HTMLElement): HTMLElement[] => within(container).getAllByRole('row').filter((row) => row.closest('tbody') !== null);

export const envelope = <T,>(result: T, code = 200, message = 'ok'): Envelope<T> => ({ success: true, message, code, result, timestamp: Date.now() });

export const failure = (code: number, message: string, errors?: { field: string; message: string; row?: number }[]): Envelope<{ errors?: { field: string; message: string; row?: number }[] } | null> => ({
  success: false,
  message,
  code,
  result: errors ? { errors } : null,
  timestamp: Date.now(),
});

/**
 * The open antd dialog with this title. (antd ids are the constant 'test-id' under NODE_ENV=test,
 * so the dialog's aria-labelledby cannot name it; the title text finds it instead.)
 */
export const findDialog = async (title: string): Promise<HTMLElement> => {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  const dialog = heading.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`no dialog titled ${title}`);
  return dialog;
};

/**
 * The network of a test file: these handlers answer, any other request fails the test, and each
 * test starts from them again (a test's own `server.use` does not leak into the next).
 */
export const mockServer = (...handlers: RequestHandler[]) => {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    cleanup();
    server.resetHandlers();
  });
  afterAll(() => server.close());
  return server;
};
