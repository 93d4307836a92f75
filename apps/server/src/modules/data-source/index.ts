import fp from 'fastify-plugin';
import routes from './data-source.routes.js';

/** The data-source module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-data-source', dependencies: ['module-dict'] },
);
