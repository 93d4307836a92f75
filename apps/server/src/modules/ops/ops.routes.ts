import { ServerCode, opsEndpoints } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, forbidden, unauthorized } from '../../lib/errors.js';
import { ok } from '../../kit/envelope.js';
import { endpointRoute, route } from '../../kit/route.js';
import { type ReadinessService, bearerMatches, isLoopback, isRelayed } from './ops.service.js';

const tags = ['operations'];

/**
 * Probes for load balancers and monitoring (docs/operations.md): liveness, readiness (database,
 * broker, Redis) and Prometheus metrics. Public routes: they tell nothing about the data, and the
 * metrics ask for METRICS_TOKEN or a caller on this machine.
 */
const routes: FastifyPluginAsyncZod<{ readiness: ReadinessService }> = async (app, { readiness }) => {
  const { config } = app;

  endpointRoute(app, opsEndpoints.health, { access: 'public', tenancy: 'platform', scope: 'none', tags, summary: 'Liveness: 200 while the process runs (it checks nothing else)' }, async () =>
    ok({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
  );

  endpointRoute(
    app,
    opsEndpoints.ready,
    {
      access: 'public',
      tenancy: 'platform', scope: 'none',
      tags,
      summary: 'Readiness: 200 when the database answers, the MQTT broker is reachable and Redis (with REDIS_URL) answers; else 503 naming each one that is down',
    },
    async () => {
      const { states, down } = await readiness.check();
      if (down.length > 0) {
        throw new AppError(ServerCode.REMOTE_SERVICE_EXCEPTION, `Not ready: ${down.map((item) => `${item.field}: ${item.message}`).join('; ')}`, 503, down);
      }
      return ok(states);
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/metrics',
      access: 'public',
      tenancy: 'platform', scope: 'none',
      tags,
      summary: 'Prometheus metrics (text format): with METRICS_TOKEN set, for `Authorization: Bearer <token>`; unset, for callers on this machine only',
    },
    async (request, reply) => {
      if (config.metricsToken) {
        if (!bearerMatches(request.headers.authorization, config.metricsToken)) throw unauthorized('The metrics need Authorization: Bearer <METRICS_TOKEN>');
      } else if (!isLoopback(request.socket.remoteAddress) || isRelayed(request.headers)) {
        // A request relayed by a proxy on this machine, or by this server's own outbound client, comes from loopback too: its headers tell it apart.
        throw forbidden('The metrics answer callers on this machine only; set METRICS_TOKEN to scrape them from elsewhere');
      }
      return reply.type(app.metrics.contentType).send(await app.metrics.text());
    },
  );
};

export default routes;
