import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { hostname } from 'node:os';
import { requestIdPattern } from '@cellsight/contract';
import fp from 'fastify-plugin';
import type { WebSocketServer } from 'ws';
import { createOpsRepository } from './ops.repository.js';
import { type Metrics, createMetrics } from './ops.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Prometheus metrics of this process (GET /boot/metrics). */
    metrics: Metrics;
  }
}

/**
 * The request's id: the caller's `X-Request-Id` when it is short and made of safe characters (a
 * proxy or another service chose it, so its logs and ours line up), else a new one. Fastify puts
 * it on every log line of the request (`reqId`).
 */
export const requestIdOf = (request: IncomingMessage): string => {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
};

/**
 * Operations: the request id echoed in `X-Request-Id`, HTTP metrics by route pattern, and at
 * shutdown a going-away close (1001) for every websocket before the sockets are dropped, so
 * browsers reconnect (to another process behind the proxy) at once.
 */
export default fp(
  async (app) => {
    const repository = createOpsRepository(app.db, app.dbKind);
    const metrics = createMetrics({
      repository,
      // Decorated by plugins registered after this one; read only when scraped.
      ingest: () => app.devicePlane.ingest.stats(),
      websocketClients: () => (app as { websocketServer?: WebSocketServer }).websocketServer?.clients.size ?? 0,
      // The scheduler records its runs under this name (job.plugin.ts).
      processName: `${hostname()}:${process.pid}`.slice(0, 100),
      onError: (error, what) => app.log.warn({ err: error }, `metrics: could not read ${what}`),
    });
    app.decorate('metrics', metrics);

    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
    app.addHook('onResponse', async (request, reply) => {
      // The route's pattern, never the path itself: one series per route, whatever ids are in the URL.
      metrics.observeRequest(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    });

    // Runs before @fastify/websocket's own preClose (registered later), which closes without a code.
    app.addHook('preClose', async () => {
      for (const client of (app as { websocketServer?: WebSocketServer }).websocketServer?.clients ?? []) client.close(1001, 'server shutting down');
    });
  },
  { name: 'ops', dependencies: ['database'] },
);
