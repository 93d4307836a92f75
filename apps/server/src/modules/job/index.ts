import fp from 'fastify-plugin';
import jobsPlugin from './job.plugin.js';
import routes from './job.routes.js';

/** The job module's one door: the scheduler (app.jobs) and System → Jobs. Its routes are under /boot. */
export default fp(
  async (app) => {
    await app.register(jobsPlugin);
    await app.register(routes, { prefix: '/boot' });
  },
  { name: 'module-job', dependencies: ['module-dict'] },
);
