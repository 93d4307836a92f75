import fp from 'fastify-plugin';
import routes from './check-rule.routes.js';

/** The check-rule module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-check-rule', dependencies: ['module-dict'] },
);
