import fp from 'fastify-plugin';
import routes from './auth.routes.js';

/** The auth module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-auth', dependencies: ['module-dict', 'module-log', 'module-outbox', 'module-permission', 'module-role', 'module-user'] },
);
