import fp from 'fastify-plugin';
import routes from './depart.routes.js';

/** The depart module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-depart', dependencies: ['module-dict', 'module-user'] },
);
