import { type GatewayRouteTestResult, gatewayRouteLimits } from '@cellsight/contract';
import { DestinationRefusedError } from '../../lib/destination-policy.js';
import { type OutboundHttp, OutboundTimeoutError, OutboundUrlError } from '../../lib/outbound-http.js';

export interface OutboundCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  timeoutMs: number;
}

const textual = /^(text\/|application\/(json|xml|[a-z.+-]*\+(json|xml)|javascript|x-www-form-urlencoded)|image\/svg\+xml)/i;

/** Reads at most `limit` bytes of the body, then lets the rest go. */
async function bodyStart(response: Response, limit: number): Promise<{ bytes: Buffer; truncated: boolean }> {
  if (!response.body) return { bytes: Buffer.alloc(0), truncated: false };
  const reader = response.body.getReader();
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(Buffer.from(value));
    size += value.byteLength;
    if (size > limit) {
      truncated = true;
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  return { bytes: Buffer.concat(chunks).subarray(0, limit), truncated };
}

/** What a failed call says: the network's code and message (ECONNREFUSED: connect ECONNREFUSED …). */
const failureText = (error: unknown): string => {
  const first = error instanceof AggregateError && error.errors.length > 0 ? (error.errors[0] as unknown) : error;
  const { code, message } = first as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : String(first);
  return typeof code === 'string' && !text.includes(code) ? `${code}: ${text}` : text;
};

/**
 * One HTTP call as a gateway route describes it, through the platform's outbound client (its
 * destination policy: a refused address rejects with `DestinationRefusedError`), answered whatever
 * else happens: the status, how long it took and the first bytes of the body, or why no answer came
 * (a timeout, a refused connection). A redirect is never followed: its target is reported, so a
 * route cannot silently lead elsewhere.
 */
export const createGatewayRouteTransport =
  (http: OutboundHttp) =>
  async (call: OutboundCall): Promise<GatewayRouteTestResult> => {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const failed = (timedOut: boolean, error: string): GatewayRouteTestResult => ({
      url: call.url,
      status: null,
      statusText: null,
      durationMs: elapsed(),
      contentType: null,
      bodyStart: '',
      bodyEncoding: 'text',
      bodyTruncated: false,
      redirectTo: null,
      timedOut,
      error,
    });
    try {
      const response = await http.fetch({ url: call.url, method: call.method, headers: call.headers, timeoutMs: call.timeoutMs, redirect: 'manual' });
      const contentType = response.headers.get('content-type');
      const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
      const body = call.method === 'HEAD' ? { bytes: Buffer.alloc(0), truncated: false } : await bodyStart(response, gatewayRouteLimits.bodyStartBytes);
      const isText = body.bytes.length === 0 || textual.test(contentType ?? 'text/plain');
      return {
        url: call.url,
        status: response.status,
        statusText: response.statusText || null,
        durationMs: elapsed(),
        contentType,
        // NUL cannot travel in the answer's text; invalid UTF-8 becomes U+FFFD.
        bodyStart: isText ? body.bytes.toString('utf8').replaceAll('\0', '\uFFFD') : body.bytes.subarray(0, 64).toString('hex'),
        bodyEncoding: isText ? 'text' : 'hex',
        bodyTruncated: body.truncated || (!isText && body.bytes.length > 64),
        redirectTo: location ? new URL(location, call.url).toString() : null,
        timedOut: false,
        error: null,
      };
    } catch (error) {
      if (error instanceof DestinationRefusedError || error instanceof OutboundUrlError) throw error;
      if (error instanceof OutboundTimeoutError) return failed(true, error.message);
      return failed(false, failureText(error));
    }
  };
