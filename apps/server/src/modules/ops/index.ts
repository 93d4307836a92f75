import fp from 'fastify-plugin';
import routes from './ops.routes.js';

/** The ops module's one door: health, readiness and metrics (the request ids and metrics themselves are ops.plugin.ts, registered first by app.ts). Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-ops', dependencies: ['module-device'] },
);
