import { type Envelope, emptyEnvelopeSchema, envelopeSchema } from '@cellsight/contract';
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
import type { Access } from '../plugins/auth.plugin.js';

export type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

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
  const { method, url, access, demoAllowed, onRequest, tags, summary, input, result } = definition;
  app.route({
    method: typeof method === 'string' ? method : [...method],
    url,
    config: demoAllowed ? { access, demoAllowed } : { access },
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
