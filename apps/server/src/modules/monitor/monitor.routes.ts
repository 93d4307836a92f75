import { Permission, monitorBrokerSchema, monitorDatabaseQuerySchema, monitorDatabaseSchema, monitorHistorySchema, monitorRedisSchema, monitorSampleIntervalMs, monitorServerSchema } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { route } from '../../kit/route.js';
import type { MonitorService } from './monitor.service.js';

const tags = ['monitor'];
const access = { permission: Permission.MonitorView };

/** System monitoring (administrators): this server process, the database, the broker and ingestion, Redis, and the last hour. */
const routes: FastifyPluginAsyncZod<{ service: MonitorService }> = async (app, { service }) => {
  route(app, { method: 'GET', url: '/sys/monitor/server', access, tenancy: 'platform', scope: 'none', tags, summary: 'This server process: memory, CPU, event-loop delay, uptime, versions', result: monitorServerSchema }, async () => ok(app.monitor.server()));

  route(
    app,
    {
      method: 'GET',
      url: '/sys/monitor/database',
      access,
      tenancy: 'platform', scope: 'none',
      tags,
      summary: 'The database: size, connections by state, statements running longer than slowSeconds, pg_stat_statements where installed, the largest tables',
      input: { querystring: monitorDatabaseQuerySchema },
      result: monitorDatabaseSchema,
    },
    async (request) => ok(await service.database(request.query)),
  );

  route(app, { method: 'GET', url: '/sys/monitor/broker', access, tenancy: 'platform', scope: 'none', tags, summary: 'Device traffic: loggers online, messages and samples per second, ingestion counters', result: monitorBrokerSchema }, async () => ok(await service.broker()));

  route(app, { method: 'GET', url: '/sys/monitor/redis', access, tenancy: 'platform', scope: 'none', tags, summary: 'Redis INFO (memory, clients, operations per second) when REDIS_URL is set', result: monitorRedisSchema }, async () => ok(await service.redis()));

  route(app, { method: 'GET', url: '/sys/monitor/history', access, tenancy: 'platform', scope: 'none', tags, summary: 'One sample every 10 s over the last hour (this server process)', result: monitorHistorySchema }, async () =>
    ok({ intervalMs: monitorSampleIntervalMs, samples: app.monitor.history() }),
  );
};

export default routes;
