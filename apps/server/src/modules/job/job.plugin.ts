import { hostname } from 'node:os';
import fp from 'fastify-plugin';
import type { JobRepository } from './job.repository.js';
import { type JobScheduler, createJobScheduler } from './job-scheduler.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The scheduler: modules register named tasks (`registerTask`) that scheduled jobs run. */
    jobs: JobScheduler;
  }
}

/** Other processes' edits, pauses and resumes reach this one within this time. */
const pollMs = 5_000;

/**
 * Scheduled jobs: every module registers its tasks while the app is built; when it is ready the
 * housekeeping jobs are seeded and every running job scheduled; closing stops every timer.
 */
export default fp<{ repository: JobRepository }>(
  async (app, { repository }) => {
    const scheduler = createJobScheduler({ repository, log: app.log, processName: `${hostname()}:${process.pid}`.slice(0, 100), pollMs });
    app.decorate('jobs', scheduler);
    // A task that only answers: it shows that jobs run (and on which process), harmless at any rate.
    scheduler.registerTask('scheduler.heartbeat', {
      title: ['Scheduler heartbeat (records its parameter)', '调度心跳（记录参数）', 'Planer-Lebenszeichen (hält den Parameter fest)'],
      run: async (parameter) => (parameter ? `Heartbeat: ${parameter}` : 'Heartbeat'),
    });
    app.addHook('onReady', () => scheduler.start());
    // Before the database closes (its own onClose): runs under way still record their end.
    app.addHook('preClose', () => scheduler.close());
  },
  { name: 'jobs', dependencies: ['database'] },
);
