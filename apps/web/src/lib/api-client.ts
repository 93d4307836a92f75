import { type Endpoint, type EndpointBody, type EndpointParams, type EndpointQuery, type EndpointResult, type Envelope, limits, methodOf, pathOf, uploadPathPattern } from '@cellsight/contract';
import { storedLanguage } from './i18n';
import { session } from './session';

/** API base: the host plus /boot (spec section 7). */
export const apiBase = '/boot';

/** A failed call: HTTP status plus the envelope's code, message and per-field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    /** Refused fields; an import's refusals also carry their spreadsheet row. */
    readonly errors: { field: string; message: string; row?: number }[] = [],
    /** The failure's `result`, when a call's contract gives it one (the station wizard's refused row index). */
    readonly result: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;

/** Called when the server says the session is gone (HTTP 401); the app layer logs out. */
let onUnauthorized: (() => void) | null = null;
export const setUnauthorizedHandler = (handler: (() => void) | null): void => {
  onUnauthorized = handler;
};

/** Reports that the session ended some other way (the server said so over the websocket). */
export const notifyUnauthorized = (): void => onUnauthorized?.();

const buildUrl = (path: string, query?: Query, method = 'GET'): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  // GET requests carry a cache-busting timestamp, except dictionary lookups (spec section 7).
  if (method === 'GET' && !path.includes('/sys/dict/')) params.set('_t', String(Date.now()));
  const qs = params.toString();
  return `${apiBase}${path.startsWith('/') ? path : `/${path}`}${qs ? `?${qs}` : ''}`;
};

interface RequestOptions {
  query?: Query;
  body?: unknown;
  form?: FormData;
  /** Longer than the usual 9 s for calls that build files. */
  timeoutMs?: number;
  /** A session other than the current one (sign-out ends a session that is already forgotten here). */
  token?: string;
}

/** Sends a call with the session, tenant and language headers; network failures become ApiError 0 or 504. */
async function send(method: string, path: string, options: RequestOptions): Promise<{ response: Response; token: string | null }> {
  // The console's own language, not the browser's: it names columns of exported files and the like.
  const headers: Record<string, string> = { 'tenant-id': session.tenantId, 'Accept-Language': storedLanguage() };
  const token = options.token ?? session.token;
  if (token) headers['X-Access-Token'] = token;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? limits.requestTimeoutMs);
  try {
    return { response: await fetch(buildUrl(path, options.query, method), { method, headers, body, signal: controller.signal }), token };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'AbortError';
    throw new ApiError(timedOut ? 504 : 0, timedOut ? 504 : 0, timedOut ? 'network timeout' : 'network error');
  } finally {
    clearTimeout(timer);
  }
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const { response, token } = await send(method, path, options);
  let envelope: Envelope<T> | null = null;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    envelope = null;
  }
  if (response.status === 401 && token) onUnauthorized?.();
  if (!response.ok || !envelope || envelope.success === false) {
    const result = envelope?.result as { errors?: { field: string; message: string }[] } | null | undefined;
    throw new ApiError(response.status, envelope?.code ?? response.status, envelope?.message ?? response.statusText, result?.errors ?? [], envelope?.result ?? null);
  }
  return envelope;
}

/** A file the server sent (an export): its content and the name it suggested. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

const fileNameOf = (disposition: string | null, fallback: string): string => {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
};

/** GET of a file; a refusal still arrives as the JSON envelope and becomes ApiError. */
async function download(path: string, query: Query | undefined, fallbackName: string): Promise<DownloadedFile> {
  const { response, token } = await send('GET', path, { query, timeoutMs: 60_000 });
  if (response.status === 401 && token) onUnauthorized?.();
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as Envelope<{ errors?: { field: string; message: string }[] } | null> | null;
    throw new ApiError(response.status, envelope?.code ?? response.status, envelope?.message ?? response.statusText, envelope?.result?.errors ?? []);
  }
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition'), fallbackName) };
}

/** Hands a downloaded file to the browser's save dialog. */
export const saveFile = ({ blob, fileName }: DownloadedFile): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
};

/** What a call of a contract endpoint sends: its query and body, typed by the endpoint. */
type EndpointInput<E extends Endpoint> = (EndpointQuery<E> extends undefined ? { query?: undefined } : { query: EndpointQuery<E> }) &
  (EndpointBody<E> extends undefined ? { body?: undefined } : { body: EndpointBody<E> }) &
  (EndpointParams<E> extends undefined ? { params?: undefined } : { params: EndpointParams<E> });
/** Whether a call of the endpoint must say something (a body, a query or path parameters). */
type CallArguments<E extends Endpoint> = EndpointBody<E> extends undefined
  ? EndpointQuery<E> extends undefined
    ? EndpointParams<E> extends undefined
      ? [input?: EndpointInput<E>]
      : [input: EndpointInput<E>]
    : [input: EndpointInput<E>]
  : [input: EndpointInput<E>];

/** The one HTTP client of the console. Each call resolves to the envelope or throws ApiError. */
export const api = {
  /** A call declared in the contract (`defineEndpoint`): its method, path and types come from it. */
  call: <E extends Endpoint>(endpoint: E, ...[input]: CallArguments<E>) =>
    request<EndpointResult<E>>(methodOf(endpoint), pathOf(endpoint, input?.params as Record<string, string> | undefined), { query: input?.query as Query | undefined, body: input?.body }),
  get: <T>(path: string, query?: Query) => request<T>('GET', path, { query }),
  post: <T>(path: string, body?: unknown, query?: Query, options: { token?: string } = {}) => request<T>('POST', path, { body, query, ...options }),
  put: <T>(path: string, body?: unknown, query?: Query) => request<T>('PUT', path, { body, query }),
  delete: <T>(path: string, query?: Query) => request<T>('DELETE', path, { query }),
  upload: <T>(path: string, form: FormData, query?: Query) => request<T>('POST', path, { form, query }),
  download: (path: string, query: Query | undefined, fallbackName: string) => download(path, query, fallbackName),
};

/** URL of an uploaded file, from the stored path /sys/common/upload answered. */
export const fileUrl = (path: string | null | undefined): string | undefined => {
  // Only stored upload paths become addresses: a foreign URL, `javascript:` or `data:` never reaches an <img src>.
  if (!path || !uploadPathPattern.test(path)) return undefined;
  return `${apiBase}/sys/common/view/${path.split('/').map(encodeURIComponent).join('/')}`;
};
