import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

/**
 * Operations probes for load balancers, orchestrators and monitoring (docs/operations.md): liveness,
 * readiness and the Prometheus metrics. They are public by design and say nothing about the data.
 */

/** `GET /boot/health`: the process is alive and its event loop answers. */
export const healthSchema = z.object({
  status: z.literal('ok'),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;

/** One dependency of readiness: `up`, `down`, or `off` when it is not configured (Redis without REDIS_URL). */
export const readinessStateSchema = z.enum(['up', 'down', 'off']);
export type ReadinessState = z.infer<typeof readinessStateSchema>;

/**
 * `GET /boot/ready`: 200 with every dependency `up` (or `off`); otherwise 503, the error envelope's
 * `errors` naming each dependency that is down (`field`: database, broker, redis) and why.
 */
export const readinessSchema = z.object({
  database: readinessStateSchema,
  broker: readinessStateSchema,
  redis: readinessStateSchema,
});
export type Readiness = z.infer<typeof readinessSchema>;

/** What an incoming `X-Request-Id` may be: short, and safe in a log line and a header. Anything else gets a new id. */
export const requestIdPattern = /^[A-Za-z0-9._:-]{1,64}$/;

/** Probes for load balancers and monitoring (the metrics answer text, not an envelope: a route of their own). */
export const opsEndpoints = {
  health: defineEndpoint({ method: 'GET', path: '/health', result: healthSchema }),
  ready: defineEndpoint({ method: 'GET', path: '/ready', result: readinessSchema }),
};
