import { type GatewayRouteRecord, type GatewayRouteTestResult, ServerCode, type gatewayRouteResource, isSecretHeader, maskSecret } from '@cellsight/contract';
import type { z } from 'zod';
import { badRequest, notFound } from '../../lib/errors.js';
import type { ResourceCalls } from '../../lib/resource-routes.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { AuthContext } from '../../plugins/auth.plugin.js';
import { type OutboundCall, callOnce } from './gateway-route.transport.js';

type Resource = typeof gatewayRouteResource;
type AddInput = z.infer<NonNullable<Resource['add']>>;
type EditInput = z.infer<NonNullable<Resource['edit']>>;

/** The kit's calls for the table, and one stored route by id (headers in full). */
export interface GatewayRouteServiceDeps {
  kit: ResourceCalls<Resource> & { add(auth: AuthContext, input: AddInput): Promise<string>; edit(auth: AuthContext, input: EditInput): Promise<void> };
  storedHeaders(id: string): Promise<{ found: boolean; headers: string | null }>;
  stored(id: string): Promise<{ url: string; method: string; headers: string | null; timeoutMs: number } | null>;
  /** Seals secret header values at rest (SECRET_KEY or the data folder's key). */
  box: SecretBox;
  call?: (call: OutboundCall) => Promise<GatewayRouteTestResult>;
}

/** Placeholders of a tile URL filled with the first tile, so a tile server can be tried. */
const tryableUrl = (url: string): string => url.replaceAll('{z}', '0').replaceAll('{x}', '0').replaceAll('{y}', '0').replaceAll('{s}', 'a').replaceAll('{r}', '');

const parseHeaders = (json: string | null): Record<string, string> => (json ? (JSON.parse(json) as Record<string, string>) : {});

/**
 * Gateway routes: the kit's list and writes with secret header values sealed at rest, masked in
 * every answer and kept when a mask comes back, and a test call of a stored route.
 */
export const createGatewayRouteService = ({ kit, storedHeaders, stored, box, call = callOnce }: GatewayRouteServiceDeps) => {
  /** Stored headers with their secret values opened. */
  const openHeaders = (json: string | null): Record<string, string> =>
    Object.fromEntries(Object.entries(parseHeaders(json)).map(([name, value]) => [name, isSecretHeader(name) ? box.open(value) : value]));
  const sealHeaders = (headers: Record<string, string>): string =>
    JSON.stringify(Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, isSecretHeader(name) ? box.seal(value) : value])));

  /** Headers as answered: every secret value masked. */
  const maskedHeaders = (json: string | null): string | null => {
    if (json === null) return null;
    return JSON.stringify(Object.fromEntries(Object.entries(openHeaders(json)).map(([name, value]) => [name, isSecretHeader(name) ? maskSecret(value) : value])));
  };

  /** Submitted headers, sealed, with masks sent back replaced by the stored secrets; a mask of no stored secret is refused. */
  const mergeHeaders = (submitted: string | null, stored: string | null): string | null => {
    if (submitted === null || submitted.trim() === '') return null;
    const previous = openHeaders(stored);
    const merged: Record<string, string> = {};
    for (const [name, value] of Object.entries(parseHeaders(submitted))) {
      const kept = Object.entries(previous).find(([storedName]) => storedName.toLowerCase() === name.toLowerCase())?.[1];
      if (value.startsWith('••••••')) {
        if (kept === undefined || !isSecretHeader(name) || maskSecret(kept) !== value) {
          throw badRequest(ServerCode.INCORRECT_PARAMETER, `headers: the value of "${name}" is a mask; enter the secret itself`, [{ field: 'headers', message: `the value of "${name}" is a mask; enter the secret itself` }]);
        }
        merged[name] = kept;
      } else merged[name] = value;
    }
    return sealHeaders(merged);
  };

  const mask = <Row extends Pick<GatewayRouteRecord, 'headers'>>(record: Row): Row => ({ ...record, headers: maskedHeaders(record.headers) });
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
      return kit.add(auth, { ...input, headers: mergeHeaders(input.headers ?? null, null) });
    },
    async edit(auth: AuthContext, input: EditInput): Promise<void> {
      if (input.headers === undefined) return kit.edit(auth, input);
      const current = await storedHeaders(input.id);
      if (!current.found) throw notFound('Record');
      return kit.edit(auth, { ...input, headers: mergeHeaders(input.headers, current.headers) });
    },
    /** Calls the route once with its own method, headers and timeout. */
    async test(id: string): Promise<GatewayRouteTestResult> {
      const route = await stored(id);
      if (!route) throw notFound('Gateway route');
      const url = tryableUrl(route.url);
      if (!/^https?:$/.test(new URL(url).protocol)) throw badRequest(ServerCode.INCORRECT_PARAMETER, 'url: must be an http:// or https:// address', [{ field: 'url', message: 'must be an http:// or https:// address' }]);
      return call({ url, method: route.method, headers: openHeaders(route.headers), timeoutMs: route.timeoutMs });
    },
  };
  return service;
};
