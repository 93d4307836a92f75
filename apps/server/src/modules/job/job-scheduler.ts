import type { Words } from '@cellsight/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Cron } from 'croner';
import type { z } from 'zod';
import { quartzCron } from './job-cron.js';
import type { JobRepository, JobRow, JobRunRow } from './job.repository.js';

/** What a task is told on each run besides its parameter. */
export interface TaskRun {
  /** The scheduled time of the firing (when "run now" was asked for, for a manual run). */
  fireTime: Date;
  manual: boolean;
  /** The user name that last saved the job (its update_by, else its create_by): whom a task that acts for a user acts for. */
  by: string | null;
}

/** A job parameter its task refuses: `field` is `parameter` or a place in it (`parameter[0].to[1]`). */
export class ParameterError extends Error {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field}: ${problem}`);
    this.name = 'ParameterError';
  }
}

/** A parameter read by a task's schema; a refusal names the first problem's place (`parameter[0].to[1]`). */
export const parseParameter = <Schema extends z.ZodType>(schema: Schema, parameter: string | null): z.infer<Schema> => {
  const result = schema.safeParse(parameter);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  const field = `parameter${(issue?.path ?? []).map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('')}`;
  throw new ParameterError(field, issue?.message ?? 'is not valid');
};

/** A named piece of server work a job can run; what it answers is kept as its run's message. */
export interface Task {
  title: Words;
  run(parameter: string | null, run: TaskRun): Promise<string | void>;
  /** What the parameter must be: a job whose parameter it refuses is not saved (400 naming the field). */
  parameterSchema?: z.ZodType;
  /** The platform's own housekeeping: the job it gets when its task has none (seeded at start, visible on the jobs screen). */
  job?: { cronExpression: string; parameter?: string; description: string };
}

export interface SchedulerOptions {
  repository: JobRepository;
  log: FastifyBaseLogger;
  /** Named on each run this process claims (host and process id). */
  processName: string;
  /** How often the job table is read again, so other processes' edits, pauses and resumes reach this one. */
  pollMs: number;
}

/** Longest single wait: a far firing (a yearly job) is reached in steps, never with one overlong timer. */
const longestWaitMs = 60 * 60 * 1000;

interface Scheduled {
  signature: string;
  cron: Cron;
  timer: NodeJS.Timeout | null;
}

/**
 * Runs each running job's task at its cron times. Several processes may share the database: each
 * schedules every job, and each firing is claimed in the run table (unique job and fire time)
 * before it runs, so exactly one process runs it. The job table is read again every `pollMs`.
 */
export const createJobScheduler = ({ repository, log, processName, pollMs }: SchedulerOptions) => {
  const tasks = new Map<string, Task>();
  const scheduled = new Map<string, Scheduled>();
  /** Jobs running on this process: a firing while the last one still runs is skipped here. */
  const running = new Set<string>();
  const inFlight = new Set<Promise<unknown>>();
  let poller: NodeJS.Timeout | null = null;
  let started = false;
  let closed = false;
  let syncing: Promise<void> | null = null;

  const track = <T>(promise: Promise<T>): Promise<T> => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
    return promise;
  };

  /** Runs a claimed firing and records its end: ok with the task's answer, or failed with its error. */
  const perform = async (job: JobRow, run: JobRunRow): Promise<JobRunRow> => {
    const task = tasks.get(job.jobClassName);
    const began = Date.now();
    let outcome: 'ok' | 'failed' = 'ok';
    let message: string | null = null;
    running.add(job.id);
    try {
      if (!task) throw new Error(`no task ${job.jobClassName} on this server`);
      message = (await task.run(job.parameter, { fireTime: run.fireTime, manual: run.manual, by: job.updateBy ?? job.createBy ?? null })) || null;
    } catch (error) {
      outcome = 'failed';
      message = error instanceof Error ? error.message : String(error);
      log.warn({ err: error }, `scheduled job ${job.jobClassName} failed`);
    } finally {
      running.delete(job.id);
    }
    const finished = await repository.finish(run.id, { outcome, message, finishTime: new Date(), durationMs: Date.now() - began });
    await repository.prune(job.id);
    return finished ?? run;
  };

  const fire = async (job: JobRow, fireTime: Date) => {
    if (running.has(job.id)) {
      log.info(`scheduled job ${job.jobClassName}: the firing of ${fireTime.toISOString()} is skipped, the last one still runs`);
      return;
    }
    const run = await repository.claim(job.id, fireTime, processName, false);
    // Another process claimed it first and runs it.
    if (run) await perform(job, run);
  };

  const arm = (job: JobRow, entry: Scheduled, after: Date) => {
    if (closed) return;
    const next = entry.cron.nextRun(after);
    if (!next) return;
    const wait = next.getTime() - Date.now();
    entry.timer = setTimeout(
      () => {
        entry.timer = null;
        if (scheduled.get(job.id) !== entry) return;
        // Reached a step of a long wait, or woken a little early: wait on for the same firing.
        if (Date.now() < next.getTime() - 2) {
          arm(job, entry, new Date(next.getTime() - 1));
          return;
        }
        arm(job, entry, new Date(Math.max(Date.now(), next.getTime())));
        void track(fire(job, next)).catch((error: unknown) => log.warn({ err: error }, `scheduled job ${job.jobClassName} could not be claimed`));
      },
      Math.max(0, Math.min(wait, longestWaitMs)),
    );
    entry.timer.unref();
  };

  const unschedule = (id: string) => {
    const entry = scheduled.get(id);
    if (entry?.timer) clearTimeout(entry.timer);
    scheduled.delete(id);
  };

  /** Schedules what the job table says: running jobs of known tasks, each with its current expression and parameter. */
  const syncNow = async () => {
    const rows = await repository.all();
    if (closed) return;
    const wanted = new Map(rows.filter((row) => row.status === 0 && tasks.has(row.jobClassName)).map((row) => [row.id, row]));
    for (const id of [...scheduled.keys()]) if (!wanted.has(id)) unschedule(id);
    for (const job of wanted.values()) {
      const signature = `${job.jobClassName}\n${job.cronExpression}\n${job.parameter ?? ''}`;
      if (scheduled.get(job.id)?.signature === signature) continue;
      unschedule(job.id);
      let cron: Cron;
      try {
        cron = quartzCron(job.cronExpression);
      } catch (error) {
        log.warn(`scheduled job ${job.jobClassName} is not scheduled: ${(error as Error).message}`);
        continue;
      }
      const entry: Scheduled = { signature, cron, timer: null };
      scheduled.set(job.id, entry);
      arm(job, entry, new Date());
    }
  };

  /** One sync at a time; a sync asked for during one runs after it. */
  const sync = async (): Promise<void> => {
    if (!started || closed) return;
    const previous = syncing;
    const next = (async () => {
      await previous?.catch(() => undefined);
      await syncNow();
    })();
    syncing = next;
    await track(next);
  };

  return {
    registerTask(name: string, task: Task): void {
      if (tasks.has(name)) throw new Error(`task ${name} is registered twice`);
      tasks.set(name, task);
      if (started) void sync().catch((error: unknown) => log.warn({ err: error }, 'scheduled jobs could not be read'));
    },

    tasks(): { name: string; title: Words }[] {
      return [...tasks].map(([name, task]) => ({ name, title: task.title })).sort((a, b) => a.name.localeCompare(b.name));
    },

    hasTask: (name: string): boolean => tasks.has(name),

    /** Checks a parameter against its task's schema (when it declares one); throws a `ParameterError`. */
    checkParameter(name: string, parameter: string | null): void {
      const schema = tasks.get(name)?.parameterSchema;
      if (schema) parseParameter(schema, parameter);
    },

    /** The ids of the jobs this process has on its timers. */
    scheduledJobs: (): string[] => [...scheduled.keys()],

    /** Seeds the housekeeping jobs, schedules every running job and starts reading the table again every `pollMs`. */
    async start(): Promise<void> {
      await repository.ensure(
        [...tasks]
          .filter(([, task]) => task.job)
          .map(([name, task]) => ({ jobClassName: name, cronExpression: task.job!.cronExpression, parameter: task.job!.parameter ?? null, description: task.job!.description, status: 0, createBy: 'system' })),
      );
      started = true;
      await sync();
      poller = setInterval(() => void sync().catch((error: unknown) => log.warn({ err: error }, 'scheduled jobs could not be read')), pollMs);
      poller.unref();
    },

    /** Reads the job table again at once (after this process changed it). */
    sync,

    /** Runs a job now, whatever its status: one claimed run, recorded like a firing; null when another run claimed the same moment. */
    async execute(job: JobRow): Promise<JobRunRow | null> {
      const run = await repository.claim(job.id, new Date(), processName, true);
      return run && track(perform(job, run));
    },

    /**
     * Resolves once no firing, run or read of the job table is under way on this process (a test
     * that moved a fake clock past a firing waits for its run to be recorded).
     */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },

    /** Stops every timer and waits for the runs under way. */
    async close(): Promise<void> {
      closed = true;
      if (poller) clearInterval(poller);
      for (const id of [...scheduled.keys()]) unschedule(id);
      await Promise.allSettled([...inFlight]);
    },
  };
};

export type JobScheduler = ReturnType<typeof createJobScheduler>;
