import fp from 'fastify-plugin';
import routes from './role.routes.js';

/** The role module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-role', dependencies: ['module-data-log', 'module-dict', 'module-permission', 'module-user'] },
);
