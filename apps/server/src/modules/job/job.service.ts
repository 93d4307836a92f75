import { JobStatus, type Language, type ListQuery, ServerCode, jobMessages, jobResource, jobRunResource } from '@cellsight/contract';
import type { z } from 'zod';
import { badRequest, invalidField, notFound } from '../../lib/errors.js';
import { createResourceService } from '../../kit/resource-service.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { DictService } from '../dict/dict.service.js';
import { cronProblem, nextFireTimes } from './job-cron.js';
import type { JobRepository, JobRunRow } from './job.repository.js';
import { type JobScheduler, ParameterError } from './job-scheduler.js';

interface Dependencies {
  repository: JobRepository;
  scheduler: JobScheduler;
  dicts: DictService;
}

type JobAddInput = z.infer<typeof jobResource.add>;
type JobEditInput = z.infer<typeof jobResource.edit>;

const runRecord = (row: JobRunRow) => ({
  ...row,
  fireTime: row.fireTime.toISOString(),
  startTime: row.startTime.toISOString(),
  finishTime: row.finishTime?.toISOString() ?? null,
  outcome: row.outcome as 'running' | 'ok' | 'failed',
});

/**
 * Scheduled jobs: the kit's list, record, delete and duplicate check; add and edit check the task
 * and the expression; pause, resume and run now. Every change is scheduled on this process at once
 * and reaches the others at their next read of the table.
 */
export const createJobService = ({ repository, scheduler, dicts }: Dependencies) => {
  const kit = createResourceService({ resource: jobResource, ...repository.screen, dicts });
  const runs = createResourceService({ resource: jobRunResource, ...repository.runsResourceTable, dicts });

  const assertValid = (values: { jobClassName?: string; cronExpression?: string }) => {
    if (values.jobClassName !== undefined && !scheduler.hasTask(values.jobClassName)) throw invalidField('jobClassName', jobMessages.unknownTask);
    const problem = values.cronExpression === undefined ? null : cronProblem(values.cronExpression);
    if (problem) throw invalidField('cronExpression', problem);
  };

  /** A parameter its task refuses is not saved: 400 naming the place in it. */
  const assertParameter = (jobClassName: string, parameter: string | null | undefined) => {
    try {
      scheduler.checkParameter(jobClassName, parameter ?? null);
    } catch (error) {
      if (error instanceof ParameterError) throw invalidField(error.field, error.problem);
      throw error;
    }
  };

  const existing = async (id: string) => {
    const job = await repository.byId(id);
    if (!job) throw notFound('Job', 'id');
    return job;
  };

  /** Running jobs carry when they fire next (computed here, as the scheduler would). */
  const withNextFireTime = <Record extends { status: number; cronExpression: string }>(record: Record) => {
    const [next] = record.status === JobStatus.Running && !cronProblem(record.cronExpression) ? nextFireTimes(record.cronExpression, 1) : [];
    return { ...record, nextFireTime: next?.toISOString() ?? null };
  };

  return {
    ...kit,
    runs,

    async list(auth: AuthContext, query: ListQuery, language: Language) {
      const page = await kit.list(auth, query, language);
      return { ...page, records: page.records.map(withNextFireTime) };
    },

    async byId(auth: AuthContext, id: string, language: Language) {
      return withNextFireTime(await kit.byId(auth, id, language));
    },

    async add(auth: AuthContext, input: JobAddInput): Promise<string> {
      assertValid(input);
      assertParameter(input.jobClassName, input.parameter);
      const id = await kit.add(auth, input as never);
      await scheduler.sync();
      return id;
    },

    async edit(auth: AuthContext, input: JobEditInput): Promise<void> {
      const job = await existing(input.id);
      assertValid(input);
      if (input.jobClassName !== undefined || input.parameter !== undefined) assertParameter(input.jobClassName ?? job.jobClassName, input.parameter === undefined ? job.parameter : input.parameter);
      await kit.edit(auth, input as never);
      await scheduler.sync();
    },

    async remove(auth: AuthContext, ids: string[]): Promise<void> {
      await kit.remove(auth, ids);
      await scheduler.sync();
    },

    /** Stops (status -1) or starts (status 0) a job's schedule. */
    async setRunning(auth: AuthContext, id: string, run: boolean): Promise<void> {
      await existing(id);
      await repository.setStatus(id, run ? JobStatus.Running : JobStatus.Stopped, auth.username);
      await scheduler.sync();
    },

    /** Runs the job at once, whatever its status, and answers its run. */
    async execute(id: string) {
      const job = await existing(id);
      if (!scheduler.hasTask(job.jobClassName)) throw invalidField('jobClassName', jobMessages.unknownTask);
      const run = await scheduler.execute(job);
      if (!run) throw badRequest(ServerCode.INCORRECT_PARAMETER, 'id: a run of this job started at the same moment', [{ field: 'id', message: 'a run of this job started at the same moment' }]);
      return runRecord(run);
    },

    tasks: () => scheduler.tasks(),

    nextFireTimes(cronExpression: string, count: number) {
      const problem = cronProblem(cronExpression);
      if (problem) throw invalidField('cronExpression', problem);
      return { times: nextFireTimes(cronExpression, count).map((time) => time.toISOString()), timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone };
    },
  };
};

export type JobService = ReturnType<typeof createJobService>;
