import fp from 'fastify-plugin';
import routes from './tenant.routes.js';

/** The tenant module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-tenant', dependencies: ['module-dict', 'module-user'] },
);
