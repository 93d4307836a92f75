import { type GatewayRouteRecord, type GatewayRouteTestResult, ServerCode, type gatewayRouteResource, isSecretHeader, maskSecret } from '@cellsight/contract';
import type { z } from 'zod';
import { DestinationRefusedError } from '../../lib/destination-policy.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { OutboundUrlError } from '../../lib/outbound-http.js';
import type { ResourceCalls } from '../../kit/resource-routes.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { OutboundCall } from './gateway-route.transport.js';

type Resource = typeof gatewayRouteResource;
type AddInput = z.infer<NonNullable<Resource['add']>>;
type EditInput = z.infer<NonNullable<Resource['edit']>>;

/** A stored route as the server uses it (headers in full, secret values sealed). */
export interface StoredGatewayRoute {
  url: string;
  method: string;
  headers: string | null;
  timeoutMs: number;
}

/** The kit's calls for the table, one stored route by id, and the call itself (gateway-route.transport.ts). */
export interface GatewayRouteServiceDeps {
  kit: ResourceCalls<Resource> & { add(auth: AuthContext, input: AddInput): Promise<string>; edit(auth: AuthContext, input: EditInput): Promise<void> };
  stored(id: string): Promise<StoredGatewayRoute | null>;
  /** Seals secret header values at rest (SECRET_KEY or the data folder's key), each bound to the route's address. */
  box: SecretBox;
  call: (call: OutboundCall) => Promise<GatewayRouteTestResult>;
}

/** Placeholders of a tile URL filled with the first tile, so a tile server can be tried. */
const tryableUrl = (url: string): string => url.replaceAll('{z}', '0').replaceAll('{x}', '0').replaceAll('{y}', '0').replaceAll('{s}', 'a').replaceAll('{r}', '');

/**
 * The address a route's secrets are bound to: scheme, host and port (the path may change, the
 * server may not). A secret is sealed for it and opens only for it (lib/secret-box.ts).
 */
export const routeAddress = (url: string): string => {
  let parsed: URL;
  try {
    parsed = new URL(tryableUrl(url));
  } catch {
    throw badRequest(ServerCode.INCORRECT_PARAMETER, 'url: must be an http:// or https:// address', [{ field: 'url', message: 'must be an http:// or https:// address' }]);
  }
  return `${parsed.protocol}//${parsed.hostname}:${parsed.port || (parsed.protocol === 'https:' ? '443' : '80')}`;
};

const parseHeaders = (json: string | null): Record<string, string> => (json ? (JSON.parse(json) as Record<string, string>) : {});

const headersRefused = (message: string) => badRequest(ServerCode.INCORRECT_PARAMETER, `headers: ${message}`, [{ field: 'headers', message }]);

/** Why a stored secret cannot go to a route's new address. */
const moveRefusal = (name: string) =>
  headersRefused(`the route's address changes: enter the value of "${name}" again (a stored secret is only ever sent to the address it was stored with)`);

/**
 * Gateway routes: the kit's list and writes with secret header values sealed at rest (bound to the
 * route's address), masked in every answer and kept when a mask comes back to the same address,
 * and a test call of a stored route through the platform's outbound client.
 */
export const createGatewayRouteService = ({ kit, stored, box, call }: GatewayRouteServiceDeps) => {
  /** Stored headers with their secret values opened for `address`; a secret bound to another address is refused. */
  const openHeaders = (json: string | null, address: string): Record<string, string> =>
    Object.fromEntries(
      Object.entries(parseHeaders(json)).map(([name, value]) => {
        if (!isSecretHeader(name)) return [name, value];
        try {
          return [name, box.open(value, address)];
        } catch {
          throw headersRefused(`the stored value of "${name}" cannot be read for this route's address (or with this server's SECRET_KEY); enter it again`);
        }
      }),
    );
  const sealHeaders = (headers: Record<string, string>, address: string): string =>
    JSON.stringify(Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, isSecretHeader(name) ? box.seal(value, address) : value])));

  /** Headers as answered: every secret value masked. */
  const maskedHeaders = (json: string | null, url: string): string | null => {
    if (json === null) return null;
    return JSON.stringify(
      Object.fromEntries(
        Object.entries(parseHeaders(json)).map(([name, value]) => {
          if (!isSecretHeader(name)) return [name, value];
          try {
            return [name, maskSecret(box.open(value, routeAddress(url)))];
          } catch {
            // Unreadable here (another key, another address): shown as a mask of nothing, and a mask of nothing is never kept.
            return [name, maskSecret('')];
          }
        }),
      ),
    );
  };

  /**
   * Submitted headers, sealed for `address`, with masks sent back replaced by the stored secrets;
   * a mask of no stored secret is refused, and so is any mask when the address changes.
   */
  const mergeHeaders = (submitted: string | null, previous: StoredGatewayRoute | null, address: string): string | null => {
    if (submitted === null || submitted.trim() === '') return null;
    const moved = previous !== null && routeAddress(previous.url) !== address;
    const opened = previous ? openHeaders(previous.headers, routeAddress(previous.url)) : {};
    const merged: Record<string, string> = {};
    for (const [name, value] of Object.entries(parseHeaders(submitted))) {
      const kept = Object.entries(opened).find(([storedName]) => storedName.toLowerCase() === name.toLowerCase())?.[1];
      if (value.startsWith('••••••')) {
        if (kept === undefined || !isSecretHeader(name) || maskSecret(kept) !== value) throw headersRefused(`the value of "${name}" is a mask; enter the secret itself`);
        if (moved) throw moveRefusal(name);
        merged[name] = kept;
      } else merged[name] = value;
    }
    return sealHeaders(merged, address);
  };

  const mask = <Row extends Pick<GatewayRouteRecord, 'headers' | 'url'>>(record: Row): Row => ({ ...record, headers: maskedHeaders(record.headers, record.url) });
  const service = {
    ...kit,
    async list(...args: Parameters<typeof kit.list>) {
      const page = await kit.list(...args);
      return { ...page, records: page.records.map((record) => mask(record as GatewayRouteRecord)) };
    },
    async byId(auth: AuthContext, id: string, language: Parameters<typeof kit.list>[2]) {
      if (!kit.byId) throw notFound('Record');
      return mask((await kit.byId(auth, id, language)) as GatewayRouteRecord);
    },
    async add(auth: AuthContext, input: AddInput): Promise<string> {
      return kit.add(auth, { ...input, headers: mergeHeaders(input.headers ?? null, null, routeAddress(input.url)) });
    },
    async edit(auth: AuthContext, input: EditInput): Promise<void> {
      if (input.headers === undefined && input.url === undefined) return kit.edit(auth, input);
      const current = await stored(input.id);
      if (!current) throw notFound('Record');
      const address = routeAddress(input.url ?? current.url);
      if (input.headers !== undefined) return kit.edit(auth, { ...input, headers: mergeHeaders(input.headers, current, address) });
      if (address === routeAddress(current.url)) return kit.edit(auth, input);
      // The stored secrets would follow the route to its new address.
      const secret = Object.keys(parseHeaders(current.headers)).find(isSecretHeader);
      if (secret !== undefined) throw moveRefusal(secret);
      return kit.edit(auth, input);
    },
    /** Calls the stored route once with its own method, headers and timeout; a destination the policy refuses is a 400 naming `url`. */
    async test(id: string): Promise<GatewayRouteTestResult> {
      const route = await stored(id);
      if (!route) throw notFound('Gateway route');
      const url = tryableUrl(route.url);
      try {
        return await call({ url, method: route.method, headers: openHeaders(route.headers, routeAddress(route.url)), timeoutMs: route.timeoutMs });
      } catch (error) {
        if (error instanceof DestinationRefusedError || error instanceof OutboundUrlError) throw badRequest(ServerCode.INCORRECT_PARAMETER, `url: ${error.message}`, [{ field: 'url', message: error.message }]);
        throw error;
      }
    },
  };
  return service;
};
export type GatewayRouteService = ReturnType<typeof createGatewayRouteService>;
