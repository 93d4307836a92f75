import { ServerCode, defaultLanguage, serverCodeKey } from '@cellsight/contract';
import type { App } from 'antd';
import { ApiError } from './api-client';
import { i18n } from './i18n';

/**
 * Code-to-text helpers (spec section 8). Texts come from the `server` namespace: `_{code}` for
 * success codes, `__{abs code}` for failures.
 */
type AppApi = ReturnType<typeof App.useApp>;

/** antd App contexts on screen (components/feedback-app.tsx), the latest last. */
const appApis: AppApi[] = [];
/** Toasts and notices asked for while no App context was there, shown once one is. */
let waiting: ((api: AppApi) => void)[] = [];
let wakeHost: (() => void) | null = null;

/**
 * An antd App context registers here, so toasts raised outside React (the API client, mutation
 * callbacks) follow the current theme and locale. Returns the unregistration.
 */
export const registerNotifyApi = (api: AppApi): (() => void) => {
  appApis.push(api);
  const queued = waiting;
  waiting = [];
  for (const show of queued) show(api);
  return () => {
    const index = appApis.lastIndexOf(api);
    if (index >= 0) appApis.splice(index, 1);
  };
};

/** The provider's host, which mounts an App context on demand where the page has none (the sign-in page). */
export const registerNotifyHost = (wake: (() => void) | null): void => {
  wakeHost = wake;
};

const withApi = (show: (api: AppApi) => void): void => {
  const api = appApis.at(-1);
  if (api) {
    show(api);
    return;
  }
  waiting.push(show);
  wakeHost?.();
};

const translate = (ns: string, key: string): string | undefined =>
  i18n.exists(key, { ns }) ? i18n.t(key, { ns }) : undefined;

const stripNs = (key: string) => key.slice(key.indexOf('.') + 1);

/** Text for a server code, or `fallback` (usually the server's own message) when unknown. */
export const messageForCode = (code: number, fallback?: string): string =>
  translate('server', stripNs(serverCodeKey(code))) ?? fallback ?? i18n.t('unknownError', { ns: 'server' });

/** HTTP statuses without a business code of their own get a generic text. */
const httpText = (status: number): string | undefined => {
  if (status === 0) return translate('server', 'http.network');
  if (status === 403) return translate('server', 'http.403');
  if (status === 404) return translate('server', 'http.404');
  if (status === 504) return translate('server', 'http.504');
  return undefined;
};

/** A server's reason longer than this is cut: a toast is no place for an essay. */
const reasonMax = 160;

/**
 * The server's own reason for a generic refusal ("Incorrect parameter"), which alone says nothing:
 * empty when the message only repeats the code's text.
 */
const genericCodes = new Set<number>([ServerCode.INCORRECT_PARAMETER, ServerCode.OPERATION_FAILED]);
const genericReason = (error: ApiError, known: string): string => {
  const reason = error.message.trim();
  // The generic codes ("incorrect parameter", "operation failed") say nothing without the server's reason.
  if (!genericCodes.has(error.code) || reason === '') return '';
  const english = i18n.t(stripNs(serverCodeKey(error.code)), { ns: 'server', lng: defaultLanguage });
  if ([known, english].some((text) => text.toLowerCase() === reason.toLowerCase())) return '';
  return reason.length > reasonMax ? `${reason.slice(0, reasonMax - 1)}…` : reason;
};

/**
 * What to tell the user about a failed call: the translated business code with the field messages
 * of a validation failure (or the server's reason for a generic refusal), or a generic HTTP text.
 */
export const errorMessage = (error: unknown): string => {
  if (error instanceof ApiError) {
    const known = translate('server', stripNs(serverCodeKey(error.code)));
    const base = known ?? httpText(error.status) ?? (error.message || i18n.t('unknownError', { ns: 'server' }));
    const reasons = error.errors.length > 0 ? error.errors.map((e) => e.message).join('; ') : known ? genericReason(error, known) : '';
    const message = reasons ? `${base}: ${reasons}` : base;
    // An unexpected failure names its request: the user quotes it, the operator finds its log lines.
    const requestId = (error.result as { requestId?: unknown } | null)?.requestId;
    return typeof requestId === 'string' ? `${message} (${i18n.t('requestId', { ns: 'server', id: requestId })})` : message;
  }
  if (error instanceof Error && error.message) return error.message;
  return i18n.t('unknownError', { ns: 'server' });
};

/** A longer-lived notice in the corner (session expiry and similar). */
export const notice = (kind: 'info' | 'warning' | 'error', title: string, description?: string): void => {
  withApi((api) => api.notification[kind]({ title, description }));
};

/** A short message at the top (antd's `message`), for components that may show outside the console. */
export const toast = (kind: 'success' | 'error' | 'info' | 'warning', content: string): void => {
  withApi((api) => void api.message[kind](content));
};
