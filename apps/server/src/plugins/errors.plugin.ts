import { ServerCode } from '@cellsight/contract';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldError } from '../lib/errors.js';
import { failure } from '../kit/envelope.js';

/** Field path of a validation issue as the client names it: `password`, `body.roles[0]` → `roles[0]`. */
const fieldName = (instancePath: string): string =>
  instancePath
    .replace(/^\//, '')
    .split('/')
    .map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join('')
    .replace(/\.\[/g, '[');

/**
 * Every failure leaves as the envelope: expected ones with their code and status, invalid input
 * as 400 naming the field, and anything unexpected as a logged 500 without internals, with the
 * request id that its log lines carry.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        const result = error.result !== undefined ? error.result : error.fieldErrors.length ? { errors: error.fieldErrors } : null;
        return reply.status(error.httpStatus).send(failure(error.code, error.message, result));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors: FieldError[] = error.validation.map((v) => ({
          field: fieldName(v.instancePath) || String((v.params as { issue?: { path?: unknown[] } }).issue?.path?.join('.') ?? 'body'),
          message: v.message ?? 'is invalid',
        }));
        const message = errors.map((e) => `${e.field}: ${e.message}`).join('; ');
        return reply.status(400).send(failure(ServerCode.INCORRECT_PARAMETER, message, { errors }));
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        return reply.status(429).send(failure(ServerCode.TOO_MANY_REQUESTS, 'Too many requests, please try again later', null));
      }
      if (status >= 400 && status < 500) {
        // Fastify's own input errors (malformed JSON, body too large, wrong content type, ...).
        return reply.status(status).send(failure(ServerCode.INCORRECT_PARAMETER, error.message, null));
      }
      request.log.error({ err: error }, 'unexpected error');
      // The request id lets whoever saw the failure point at its log lines (reqId) without seeing internals.
      return reply.status(500).send(failure(ServerCode.FAILED, `Operation failed (request ${request.id})`, { requestId: request.id }));
    });
  },
  { name: 'errors' },
);
