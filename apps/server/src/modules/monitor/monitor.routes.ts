import { Permission, monitorEndpoints, monitorSampleIntervalMs } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { endpointRoute } from '../../kit/route.js';
import type { MonitorService } from './monitor.service.js';

const tags = ['monitor'];
const declaration = { access: { permission: Permission.MonitorView }, tenancy: 'platform', scope: 'none', tags } as const;

/** System monitoring (administrators): this server process, the database, the broker and ingestion, Redis, and the last hour. */
const routes: FastifyPluginAsyncZod<{ service: MonitorService }> = async (app, { service }) => {
  endpointRoute(app, monitorEndpoints.server, { ...declaration, summary: 'This server process: memory, CPU, event-loop delay, uptime, versions' }, async () => ok(app.monitor.server()));

  endpointRoute(
    app,
    monitorEndpoints.database,
    { ...declaration, summary: 'The database: size, connections by state, statements running longer than slowSeconds, pg_stat_statements where installed, the largest tables' },
    async (request) => ok(await service.database(request.query)),
  );

  endpointRoute(app, monitorEndpoints.broker, { ...declaration, summary: 'Device traffic: loggers online, messages and samples per second, ingestion counters' }, async () => ok(await service.broker()));

  endpointRoute(app, monitorEndpoints.redis, { ...declaration, summary: 'Redis INFO (memory, clients, operations per second) when REDIS_URL is set' }, async () => ok(await service.redis()));

  endpointRoute(app, monitorEndpoints.history, { ...declaration, summary: 'One sample every 10 s over the last hour (this server process)' }, async () =>
    ok({ intervalMs: monitorSampleIntervalMs, samples: app.monitor.history() }),
  );
};

export default routes;
