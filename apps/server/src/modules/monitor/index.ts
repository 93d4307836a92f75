import fp from 'fastify-plugin';
import monitorPlugin from './monitor.plugin.js';
import { createMonitorRepository, createRedisInfo } from './monitor.repository.js';
import { createMonitorService } from './monitor.service.js';
import routes from './monitor.routes.js';

/** The monitor module's one door: System → Monitoring, sampled every 10 s (app.monitor). Its routes are under /boot. */
export default fp(
  async (app) => {
    const repository = createMonitorRepository(app.db, app.dbKind);
    await app.register(monitorPlugin, { repository });
    const redis = app.config.redisUrl ? createRedisInfo(app.config.redisUrl) : null;
    if (redis) app.addHook('onClose', () => redis.close());
    const service = createMonitorService({
      repository,
      kind: app.dbKind,
      redis,
      broker: {
        kind: app.devicePlane.transport.kind,
        // Known once the broker listens (after start).
        port: () => app.devicePlane.brokerPort,
        ingest: () => app.devicePlane.ingest.stats(),
        rates: () => app.monitor.deviceRates(),
      },
    });
    await app.register(routes, { prefix: '/boot', service });
  },
  { name: 'module-monitor', dependencies: ['module-logger'] },
);
