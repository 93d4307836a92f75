import { type LoggerCredentials } from './credentials.js';

/**
 * Registers a fleet through the platform API before it connects (unknown loggers are refused at
 * CONNECT): log in, then POST the loggers in chunks to /want/logger/registerBatch.
 */
export interface RegisterOptions {
  /** Base URL of the server, without /boot, e.g. http://127.0.0.1:8080. */
  server: string;
  username: string;
  password: string;
  credentials: readonly LoggerCredentials[];
  /** IANA zone stored with each logger. */
  timezone: string;
  /** Loggers per request. */
  chunkSize?: number;
}

export interface RegisterResult {
  registered: number;
  existing: number;
}

interface Envelope {
  success?: boolean;
  message?: string;
  code?: number;
  result?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The server may answer counts or lists; either way we report how many. */
const count = (value: unknown): number => (typeof value === 'number' ? value : Array.isArray(value) ? value.length : 0);

const post = async (url: string, body: unknown, headers: Record<string, string> = {}): Promise<Envelope> => {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'tenant-id': '0', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    // fetch says only "fetch failed"; the cause names the real problem (ECONNREFUSED, ...).
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new Error(`${url}: ${cause}`);
  }
  const text = await response.text();
  let envelope: unknown;
  try {
    envelope = JSON.parse(text);
  } catch {
    throw new Error(`${url}: HTTP ${response.status}, not JSON: ${text.slice(0, 200)}`);
  }
  if (!isRecord(envelope) || !response.ok || envelope.success === false) {
    const message = isRecord(envelope) ? `${String(envelope.message ?? '')} (code ${String(envelope.code ?? '?')})` : text.slice(0, 200);
    throw new Error(`${url}: HTTP ${response.status}: ${message}`);
  }
  return envelope as Envelope;
};

export const registerFleet = async ({ server, username, password, credentials, timezone, chunkSize = 500 }: RegisterOptions): Promise<RegisterResult> => {
  const base = `${server.replace(/\/+$/, '')}/boot`;
  const login = await post(`${base}/sys/login`, { username, password });
  const token = isRecord(login.result) && typeof login.result.token === 'string' ? login.result.token : null;
  if (!token) throw new Error('login answered without a token');
  const total: RegisterResult = { registered: 0, existing: 0 };
  for (let i = 0; i < credentials.length; i += chunkSize) {
    const loggers = credentials.slice(i, i + chunkSize).map(({ gsn, key }) => ({ gsn, key, timezone }));
    const answer = await post(`${base}/want/logger/registerBatch`, { loggers }, { 'X-Access-Token': token });
    const result = isRecord(answer.result) ? answer.result : {};
    total.registered += count(result.registered);
    total.existing += count(result.existing);
  }
  return total;
};
