import { type Endpoint, type Envelope, type Tenancy, emptyEnvelopeSchema, envelopeSchema } from '@cellsight/contract';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  onRequestHookHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Access } from '../access/auth-context.js';

export type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Records the scope rule guards (a caller sees those of its tenant and its branch of the hierarchy;
 * any other answers 404 like one that does not exist), one kind per fixture of the authorisation
 * matrix (test/authorization-matrix.test.ts), which checks every route against its declaration.
 */
export type ScopedRecord = 'station' | 'logger' | 'battery' | 'event' | 'command' | 'user' | 'member' | 'ticket' | 'role' | 'depart' | 'position' | 'report';

/** Where a route reads the id of the record it addresses (one id, several comma-joined, or an array). */
export type RecordLocation = `query.${string}` | `body.${string}` | `params.${string}`;

/**
 * Which records a route reaches, next to who may call it:
 * - `'none'`: no record the scope rule guards (public calls, the caller's own account and messages,
 *   platform tables that the permission alone guards);
 * - `'scoped'`: records the scope rule guards that have no fixture in the matrix yet (their module's tests check the
 *   scope; the matrix checks who may call);
 * - `{ list }`: a list or export of that kind, filtered to the caller's scope;
 * - `{ record, in }`: one record (or several) of that kind, named at `in`; outside the scope it answers 404.
 *   `destroys`: the call deletes or disables what it addresses, so the matrix sends it only where it must be refused.
 *   `uses`: a writing call that uses the record without changing it (giving a role to users), so a
 *   platform-wide record is as open to a tenant administrator as its tenant's own; any other write
 *   of a platform-wide record is refused to it (403).
 */
export type RouteScope = 'none' | 'scoped' | { list: ScopedRecord } | { record: ScopedRecord; in: RecordLocation; destroys?: true; uses?: true };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The records a route reaches (route.ts, `RouteScope`): what the authorisation matrix expects of it. */
    scope?: RouteScope;
    /**
     * Whose records they are (the contract's `Tenancy`): the auth plugin refuses a tenant
     * administrator every call of a `'platform'` route and every write of a `'shared'` one.
     */
    tenancy?: Tenancy;
  }
}

/** The input schemas of a route: what the contract says a caller sends. */
export interface RouteInput {
  querystring?: z.ZodType;
  body?: z.ZodType;
  params?: z.ZodType;
}

export interface RouteDefinition<Input extends RouteInput, Result extends z.ZodType | null> {
  /** Several methods where the spec allows either (PUT or POST). */
  method: Method | readonly Method[];
  url: string;
  /** Who may call it: `'public'`, `'authenticated'`, or the contract's permission codes. */
  access: Access;
  /** Which records it reaches: with `access`, the expected answer of every caller (the authorisation matrix). */
  scope: RouteScope;
  /**
   * Whose records they are: a tenant's own (`'tenant'`), the platform's that every tenant reads
   * (`'shared'`: only platform administrators write), or the installation's own machinery
   * (`'platform'`: platform administrators only). docs/architecture.md, "Platform and tenants".
   */
  tenancy: Tenancy;
  /** A non-GET call that the demo account may make (it changes nothing of the demo's). */
  demoAllowed?: true;
  /** Runs first, before access is checked (the sign-in rate limit). */
  onRequest?: onRequestHookHandler;
  tags: string[];
  summary: string;
  input?: Input;
  /** The schema of the success answer's `result`; `null` for answers without one. Omitted: the route writes its own reply (files). */
  result?: Result;
}

export type RouteRequest<Input extends RouteInput> = FastifyRequest<RouteGenericInterface, RawServerDefault, RawRequestDefaultExpression, Input, ZodTypeProvider>;

/**
 * Declares one API route in one call: methods, access, documentation, the contract's input schemas,
 * and the envelope of its result. Only the success answer has a schema here; every refusal is
 * written as the error envelope by the app (app.ts), so no route can make an error answer fail.
 */
export function route<Input extends RouteInput, Result extends z.ZodType | null = null>(
  app: ZodApp,
  definition: RouteDefinition<Input, Result>,
  handler: (request: RouteRequest<Input>, reply: FastifyReply) => Promise<Result extends z.ZodType ? Envelope<z.input<Result>> : unknown>,
): void {
  const { method, url, access, scope, tenancy, demoAllowed, onRequest, tags, summary, input, result } = definition;
  app.route({
    method: typeof method === 'string' ? method : [...method],
    url,
    config: demoAllowed ? { access, scope, tenancy, demoAllowed } : { access, scope, tenancy },
    ...(onRequest ? { onRequest } : {}),
    schema: {
      tags,
      summary,
      // Public routes need no token in the API documentation.
      ...(access === 'public' ? { security: [] } : {}),
      ...input,
      ...(result === undefined ? {} : { response: { 200: result === null ? emptyEnvelopeSchema : envelopeSchema(result) } }),
    },
    handler: handler as never,
  });
}

/** What a route adds to its contract endpoint: who may call it, which records it reaches, its documentation. */
export type EndpointRouteDefinition = Omit<RouteDefinition<RouteInput, null>, 'method' | 'url' | 'input' | 'result'>;

/** The input schemas of an endpoint, as a route declares them. */
type EndpointInput<E extends Endpoint> = E extends Endpoint<infer Query, infer Body, z.ZodType | null, infer Params> ? { querystring: Query; body: Body; params: Params } : never;

/**
 * `route()` for a call declared in the contract (`defineEndpoint`): its methods, path, input and
 * result schemas come from the endpoint, so neither the path nor a type is written twice.
 */
export function endpointRoute<E extends Endpoint>(
  app: ZodApp,
  endpoint: E,
  definition: EndpointRouteDefinition,
  handler: (request: RouteRequest<EndpointInput<E>>, reply: FastifyReply) => Promise<E['result'] extends z.ZodType ? Envelope<z.input<E['result']>> : unknown>,
): void {
  const input: RouteInput = {
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
  };
  route(app, { ...definition, method: endpoint.method, url: endpoint.path, input, result: endpoint.result ?? null }, handler as never);
}
