import fp from 'fastify-plugin';
import routes from './file.routes.js';

/** The file module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-file', dependencies: ['module-dict'] },
);
