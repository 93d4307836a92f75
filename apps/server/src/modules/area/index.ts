import fp from 'fastify-plugin';
import routes from './area.routes.js';

/** The area module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-area' },
);
