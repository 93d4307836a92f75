import fp from 'fastify-plugin';
import monitorPlugin from './monitor.plugin.js';
import routes from './monitor.routes.js';

/** The monitor module's one door: System → Monitoring, sampled every 10 s (app.monitor). Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(monitorPlugin);
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-monitor', dependencies: ['module-device'] },
);
