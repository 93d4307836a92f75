import fp from 'fastify-plugin';
import routes from './ingest.routes.js';

/** The ingest module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-ingest', dependencies: ['module-device'] },
);
