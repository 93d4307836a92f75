import fp from 'fastify-plugin';
import routes from './category.routes.js';

/** The category module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-category', dependencies: ['module-dict'] },
);
