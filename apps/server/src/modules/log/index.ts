import fp from 'fastify-plugin';
import operationLogPlugin from './operation-log.plugin.js';
import routes from './log.routes.js';

/** The log module's one door: the operation log of every write, and System → Logs. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(operationLogPlugin);
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-log', dependencies: ['module-dict'] },
);
