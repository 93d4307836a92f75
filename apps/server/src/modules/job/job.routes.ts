import { Permission, ServerCode, jobEndpoints, type jobIdQuerySchema, jobMessages } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { demoNotSupported } from '../../lib/errors.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import { type RouteRequest, endpointRoute } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';
import type { JobService } from './job.service.js';

const tags = ['scheduled jobs'];

/**
 * Scheduled jobs (JeecgBoot `/sys/quartzJob`): the kit's list, queryById, add, edit, delete and
 * deleteBatch; pause, resume and execute (GET as JeecgBoot, or POST); the tasks a job can run, the
 * next fire times of an expression, and the runs (`/sys/quartzJobRun/list?jobId=`).
 */
const routes: FastifyPluginAsyncZod<{ service: JobService }> = async (app, { service }) => {
  resourceRoutes(app, service, tags, { records: 'none' });
  resourceRoutes(app, service.runs, tags, { records: 'none' });

  /** Pause, resume and run now change things: the demo account may not, even through GET. */
  const writer = (request: RouteRequest<{ querystring: typeof jobIdQuerySchema }>) => {
    const auth = requireAuth(request);
    if (auth.demo) throw demoNotSupported();
    return auth;
  };

  endpointRoute(
    app,
    jobEndpoints.pause,
    { access: { permission: Permission.JobPause }, tenancy: 'platform', scope: 'none', tags, summary: 'Stop a job’s schedule (status -1)' },
    async (request) => {
      await service.setRunning(writer(request), request.query.id, false);
      return ok(null, jobMessages.paused, ServerCode.SUCCESS);
    },
  );
  endpointRoute(
    app,
    jobEndpoints.resume,
    { access: { permission: Permission.JobPause }, tenancy: 'platform', scope: 'none', tags, summary: 'Start a job’s schedule again (status 0)' },
    async (request) => {
      await service.setRunning(writer(request), request.query.id, true);
      return ok(null, jobMessages.resumed, ServerCode.SUCCESS);
    },
  );
  endpointRoute(
    app,
    jobEndpoints.execute,
    {
      access: { permission: Permission.JobExecute },
      tenancy: 'platform', scope: 'none',
      tags,
      summary: 'Run a job now, whatever its status: one run, recorded like a firing; the result is the run (outcome ok or failed, with the task’s message)',
    },
    async (request) => {
      writer(request);
      const run = await service.execute(request.query.id);
      return ok(run, run.outcome === 'ok' ? jobMessages.executed : `${jobMessages.executionFailed}: ${run.message ?? ''}`, ServerCode.SUCCESS);
    },
  );
  endpointRoute(
    app,
    jobEndpoints.tasks,
    { access: { permission: [Permission.JobList, Permission.JobAdd, Permission.JobEdit] }, tenancy: 'platform', scope: 'none', tags, summary: 'The tasks a job can run (names and titles in three languages)' },
    async () => ok(service.tasks().map((task) => ({ name: task.name, title: [...task.title] as [string, string, string] }))),
  );
  endpointRoute(
    app,
    jobEndpoints.nextFireTimes,
    {
      access: { permission: [Permission.JobList, Permission.JobAdd, Permission.JobEdit] },
      tenancy: 'platform', scope: 'none',
      tags,
      summary: 'When a cron expression fires next, in the server’s time zone (400 naming cronExpression when it is not valid)',
    },
    async (request) => ok(service.nextFireTimes(request.query.cronExpression, request.query.count)),
  );
};

export default routes;
