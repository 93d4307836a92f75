import fp from 'fastify-plugin';
import routes from './history.routes.js';

/** The history module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-history', dependencies: ['module-device'] },
);
