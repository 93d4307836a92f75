import fp from 'fastify-plugin';
import routes from './fill-rule.routes.js';

/** The fill-rule module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-fill-rule', dependencies: ['module-dict'] },
);
