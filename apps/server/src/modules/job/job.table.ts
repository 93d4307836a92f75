import { boolean, integer, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, id } from '../../db/columns.js';

/**
 * Scheduled jobs (JeecgBoot `sys_quartz_job`): `job_class_name` names a task a server module
 * registered (one job per task), `cron_expression` is Quartz's (with seconds), status 0 running
 * and -1 stopped.
 */
export const jobs = pgTable(
  'sys_quartz_job',
  {
    id: id(),
    jobClassName: varchar('job_class_name', { length: 100 }).notNull(),
    cronExpression: varchar('cron_expression', { length: 120 }).notNull(),
    parameter: varchar('parameter', { length: 500 }),
    description: varchar('description', { length: 200 }),
    status: smallint('status').notNull().default(0),
    ...audit,
  },
  (t) => [uniqueIndex('sys_quartz_job_class_name_key').on(t.jobClassName)],
);

/**
 * The runs of jobs, the last ones of each kept. A run's row is also its claim: the unique
 * (job, fire time) lets exactly one of several server processes on the database run a firing.
 */
export const jobRuns = pgTable(
  'sys_quartz_job_run',
  {
    id: id(),
    jobId: varchar('job_id', { length: 32 })
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    /** The scheduled time of the firing (or when a "run now" was asked for). */
    fireTime: timestamp('fire_time', { withTimezone: true, mode: 'date' }).notNull(),
    startTime: timestamp('start_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishTime: timestamp('finish_time', { withTimezone: true, mode: 'date' }),
    durationMs: integer('duration_ms'),
    /** 'running', 'ok' or 'failed'. */
    outcome: varchar('outcome', { length: 8 }).notNull().default('running'),
    message: text('message'),
    process: varchar('process', { length: 100 }).notNull(),
    manual: boolean('manual').notNull().default(false),
  },
  // Also the index of a job's runs, newest first.
  (t) => [uniqueIndex('sys_quartz_job_run_firing_key').on(t.jobId, t.fireTime)],
);
