import { type ClientRequest, type IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { Readable, Transform, pipeline } from 'node:stream';
import type { Config } from '../config.js';
import { type CheckedAddress, type DestinationPolicy, createDestinationPolicy } from './destination-policy.js';

/**
 * The platform's one HTTP client for calls to other services (gateway routes, webhooks, the SMS
 * gateway, OAuth, CAS; any new one): every hop's host is resolved and judged by the destination
 * policy (OUTBOUND_ALLOW), and the connection goes to exactly the addresses judged, so neither a
 * numeric host form, a DNS answer that changes, nor a redirect reaches the machine or its network.
 */

export interface OutboundRequest {
  url: string | URL;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** For the whole exchange: resolving, connecting, the answer and its body. */
  timeoutMs: number;
  /** `manual` (the default): a redirect is the answer; `follow`: up to five hops, each judged like the first. */
  redirect?: 'manual' | 'follow';
  /** The body is cut with an error beyond this many bytes (default 1 MiB). */
  maxBodyBytes?: number;
}

export interface OutboundHttp {
  /** The answer as a fetch `Response`; rejects with `DestinationRefusedError`, `OutboundTimeoutError`, `OutboundUrlError` or the network's error. */
  fetch(request: OutboundRequest): Promise<Response>;
}

/** No answer (or no whole body) within the request's time. */
export class OutboundTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`);
  }
}

/** An address the client does not call: not http(s), with credentials in it, or not a URL at all. */
export class OutboundUrlError extends Error {}

/**
 * Sent with every request: the request was relayed by this platform. GET /boot/metrics refuses a
 * relayed caller even from loopback (ops.service.ts), so the server cannot be made to scrape itself.
 */
export const outboundVia = '1.1 cellsight';

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const nullBodyStatuses = new Set([204, 205, 304]);
const maxRedirects = 5;
const defaultMaxBodyBytes = 1024 * 1024;

const parseUrl = (value: string | URL): URL => {
  let url: URL;
  try {
    // WHATWG parsing: 2130706433, 0x7f.1 and 127.1 all become 127.0.0.1 here, and are judged as such.
    url = new URL(value);
  } catch {
    throw new OutboundUrlError(`not an address: ${String(value).slice(0, 100)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundUrlError('must be an http:// or https:// address');
  if (url.username || url.password) throw new OutboundUrlError('must not carry a user name or password (send them as a header)');
  return url;
};

/** net.connect's lookup, answering only the addresses the policy judged (it is not called for a literal address). */
const pinnedLookup =
  (addresses: CheckedAddress[]): LookupFunction =>
  (_hostname, options, callback) => {
    const [first] = addresses;
    if (options.all) (callback as unknown as (error: null, all: CheckedAddress[]) => void)(null, addresses);
    else callback(null, first!.address, first!.family);
  };

/** Rejects with the signal's reason once it aborts. */
const untilAborted = <T>(work: Promise<T>, signal: AbortSignal): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

interface Hop {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | Buffer | undefined;
}

/** One request to one judged address; resolves with the answer's head (its body still to come). */
const send = (hop: Hop, addresses: CheckedAddress[], signal: AbortSignal): Promise<IncomingMessage> =>
  new Promise<IncomingMessage>((resolve, reject) => {
    const headers: Record<string, string> = { ...hop.headers };
    for (const name of Object.keys(headers)) if (name.toLowerCase() === 'via') delete headers[name];
    headers.via = outboundVia;
    if (hop.body !== undefined) headers['content-length'] = String(Buffer.byteLength(hop.body));
    let request: ClientRequest;
    try {
      request = (hop.url.protocol === 'https:' ? httpsRequest : httpRequest)({
        protocol: hop.url.protocol,
        hostname: hop.url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: hop.url.port || undefined,
        path: `${hop.url.pathname}${hop.url.search}`,
        method: hop.method,
        headers,
        // A connection of its own: a kept-alive socket was judged for another host.
        agent: false,
        lookup: pinnedLookup(addresses),
      });
    } catch (error) {
      return reject(error instanceof Error ? error : new Error(String(error)));
    }
    const onAbort = () => request.destroy(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    request.once('response', (response) => {
      signal.removeEventListener('abort', onAbort);
      resolve(response);
    });
    request.once('error', (error) => {
      signal.removeEventListener('abort', onAbort);
      reject(error);
    });
    request.end(hop.body);
  });

/** The answer as a fetch Response, its body held to `maxBytes` and to the time left. */
const responseOf = (answer: IncomingMessage, hop: Hop, maxBytes: number, signal: AbortSignal, done: () => void): Response => {
  const status = answer.statusCode ?? 0;
  if (status < 200 || status > 599) {
    answer.destroy();
    done();
    throw new Error(`the server answered the invalid status ${status}`);
  }
  const headers = new Headers();
  for (let index = 0; index + 1 < answer.rawHeaders.length; index += 2) {
    try {
      headers.append(answer.rawHeaders[index]!, answer.rawHeaders[index + 1]!);
    } catch {
      // A header fetch cannot hold (a byte it refuses) is left out, as fetch itself would refuse the answer.
    }
  }
  const init = { status, statusText: answer.statusMessage ?? '', headers };
  if (hop.method === 'HEAD' || nullBodyStatuses.has(status)) {
    answer.resume();
    answer.once('close', done);
    return new Response(null, init);
  }
  let size = 0;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) callback(new Error(`the answer is larger than ${maxBytes} bytes`));
      else callback(null, chunk);
    },
  });
  const onAbort = () => answer.destroy(signal.reason as Error);
  signal.addEventListener('abort', onAbort, { once: true });
  pipeline(answer, limited, () => {
    signal.removeEventListener('abort', onAbort);
    done();
  });
  return new Response(Readable.toWeb(limited) as unknown as ReadableStream<Uint8Array>, init);
};

/** The client of one destination policy. */
export function createOutboundHttp(policy: DestinationPolicy): OutboundHttp {
  return {
    async fetch(call) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new OutboundTimeoutError(call.timeoutMs)), call.timeoutMs);
      const done = () => clearTimeout(timer);
      const { signal } = controller;
      let hop: Hop = { url: parseUrl(call.url), method: (call.method ?? 'GET').toUpperCase(), headers: { ...call.headers }, body: call.body };
      try {
        for (let redirects = 0; ; redirects++) {
          const addresses = await untilAborted(policy.resolve(hop.url.hostname), signal);
          const answer = await send(hop, addresses, signal);
          const location = answer.headers.location;
          if (call.redirect !== 'follow' || !redirectStatuses.has(answer.statusCode ?? 0) || !location) {
            return responseOf(answer, hop, call.maxBodyBytes ?? defaultMaxBodyBytes, signal, done);
          }
          answer.destroy();
          if (redirects >= maxRedirects) throw new Error(`more than ${maxRedirects} redirects`);
          const next = parseUrl(new URL(location, hop.url));
          // As fetch does: 303 (and 301/302 after a POST) continue as GET without the body.
          const asGet = (answer.statusCode === 303 && hop.method !== 'HEAD') || ([301, 302].includes(answer.statusCode ?? 0) && hop.method === 'POST');
          const headers = Object.fromEntries(
            Object.entries(hop.headers).filter(([name]) => {
              const lower = name.toLowerCase();
              if (asGet && (lower === 'content-type' || lower === 'content-length')) return false;
              // Credentials stay with the origin they were given for.
              return next.origin === hop.url.origin || !['authorization', 'cookie', 'proxy-authorization'].includes(lower);
            }),
          );
          hop = { url: next, method: asGet ? 'GET' : hop.method, headers, body: asGet ? undefined : hop.body };
        }
      } catch (error) {
        done();
        throw signal.aborted ? (signal.reason as Error) : error;
      }
    },
  };
}

/** The client of the configured policy (OUTBOUND_ALLOW). */
export const outboundHttpOf = (config: Pick<Config, 'outboundAllow'>): OutboundHttp => createOutboundHttp(createDestinationPolicy(config.outboundAllow));
