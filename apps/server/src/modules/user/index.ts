import fp from 'fastify-plugin';
import routes from './user.routes.js';

/** The user module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-user', dependencies: ['module-data-log', 'module-dict'] },
);
