import fp from 'fastify-plugin';
import routes from './data-rule.routes.js';

/** The data-rule module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-data-rule', dependencies: ['module-role'] },
);
