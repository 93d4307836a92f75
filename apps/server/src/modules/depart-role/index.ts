import fp from 'fastify-plugin';
import routes from './depart-role.routes.js';

/** The depart-role module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-depart-role', dependencies: ['module-data-rule', 'module-dict', 'module-permission', 'module-user'] },
);
