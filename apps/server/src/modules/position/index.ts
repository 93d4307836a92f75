import fp from 'fastify-plugin';
import routes from './position.routes.js';

/** The position module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-position', dependencies: ['module-dict'] },
);
