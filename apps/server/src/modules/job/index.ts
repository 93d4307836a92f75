import fp from 'fastify-plugin';
import jobsPlugin from './job.plugin.js';
import { createJobRepository } from './job.repository.js';
import { createJobService } from './job.service.js';
import routes from './job.routes.js';

/** The job module's one door: the scheduler (app.jobs) and System → Jobs. Its routes are under /boot. */
export default fp(
  async (app) => {
    const repository = createJobRepository(app.db);
    await app.register(jobsPlugin, { repository });
    const service = createJobService({ repository, scheduler: app.jobs, dicts: app.dicts });
    await app.register(routes, { prefix: '/boot', service });
  },
  { name: 'module-job', dependencies: ['module-dict'] },
);
