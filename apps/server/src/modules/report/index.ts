import fp from 'fastify-plugin';
import routes from './report.routes.js';

/** The report module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-report', dependencies: ['module-dict', 'module-job', 'module-outbox'] },
);
