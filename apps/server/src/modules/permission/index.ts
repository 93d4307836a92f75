import fp from 'fastify-plugin';
import routes from './permission.routes.js';

/** The permission module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-permission', dependencies: ['module-dict'] },
);
