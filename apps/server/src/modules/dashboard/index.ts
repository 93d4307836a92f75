import fp from 'fastify-plugin';
import routes from './dashboard.routes.js';

/** The dashboard module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-dashboard' },
);
