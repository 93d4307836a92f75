import fp from 'fastify-plugin';
import routes from './system.routes.js';

/** The system module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-system' },
);
