import fp from 'fastify-plugin';
import routes from './legal.routes.js';

/** The legal module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-legal' },
);
