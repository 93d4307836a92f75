import type { z } from 'zod';
import type { Envelope } from './envelope.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One call of the API, declared once: the server's route (`endpointRoute` in kit/route.ts), the
 * web's call (`api.call` in lib/api-client.ts) and the API tests' call (`t.call`) all take their
 * method, path and types from it, so none of them writes the path or the answer's type again.
 * A screen-kit resource's calls follow from the resource (`endpointsOfResource`).
 */
export interface Endpoint<
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Result extends z.ZodType | null = z.ZodType | null,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
> {
  /** Several where the spec allows either (PUT or POST); the web sends the first. */
  method: HttpMethod | readonly [HttpMethod, ...HttpMethod[]];
  /** Under /boot, e.g. `/sys/alarmNotification/rules`; a `:name` segment is a path parameter (`params`). */
  path: string;
  /** The path parameters (`/sys/sysDepartPermission/datarule/:permissionId/:departId`). */
  params?: Params;
  query?: Query;
  body?: Body;
  /** The success answer's `result`; null for an answer without one. */
  result: Result;
}

/** Keeps an endpoint's own schema types (so its callers' types follow from it). */
export const defineEndpoint = <
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Result extends z.ZodType | null = null,
  Params extends z.ZodType | undefined = undefined,
>(
  endpoint: Endpoint<Query, Body, Result, Params>,
): Endpoint<Query, Body, Result, Params> => endpoint;

/** What a caller sends as the query string, the body, and what the answer's `result` holds. */
type AnyInput = z.ZodType | undefined;
/**
 * A list query's filters are open (any column name, schema catchall): its declared keys keep their
 * types and other keys take any scalar, instead of an index signature that would clash with `pageNo: number`.
 */
type OpenQuery<T> = string extends keyof T ? { [K in keyof T as string extends K ? never : K]: T[K] } & Record<string, string | number | boolean | undefined> : T;
export type EndpointQuery<E extends Endpoint> = E extends Endpoint<infer Query, AnyInput, z.ZodType | null, AnyInput> ? (Query extends z.ZodType ? OpenQuery<z.input<Query>> : undefined) : never;
export type EndpointBody<E extends Endpoint> = E extends Endpoint<AnyInput, infer Body, z.ZodType | null, AnyInput> ? (Body extends z.ZodType ? z.input<Body> : undefined) : never;
export type EndpointParams<E extends Endpoint> = E extends Endpoint<AnyInput, AnyInput, z.ZodType | null, infer Params> ? (Params extends z.ZodType ? z.input<Params> : undefined) : never;
export type EndpointResult<E extends Endpoint> = E['result'] extends z.ZodType ? z.output<E['result']> : null;
export type EndpointEnvelope<E extends Endpoint> = Envelope<EndpointResult<E>>;

/** The method a client sends (the first of several). */
export const methodOf = (endpoint: Endpoint): HttpMethod => (typeof endpoint.method === 'string' ? endpoint.method : endpoint.method[0]);

/** The endpoint's path with its `:name` segments filled in (each value URL-encoded). */
export const pathOf = (endpoint: Endpoint, params?: Record<string, string | number>): string =>
  endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${endpoint.path}: the path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
