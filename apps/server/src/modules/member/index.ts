import fp from 'fastify-plugin';
import routes from './member.routes.js';

/** The member module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-member', dependencies: ['module-dict', 'module-permission', 'module-role', 'module-user'] },
);
