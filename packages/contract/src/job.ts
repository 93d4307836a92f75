import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { fields } from './fields.js';
import { Permission } from './permissions.js';
import { type Words, auditFields, auditLabels, defineResource, editSchemaOf } from './resource.js';
import { text } from './text.js';

/** A job's status as JeecgBoot stores it: 0 running (scheduled), -1 stopped (paused). */
export const JobStatus = { Running: 0, Stopped: -1 } as const;
export type JobStatusValue = (typeof JobStatus)[keyof typeof JobStatus];
export const jobStatusWords: Record<JobStatusValue, Words> = {
  [JobStatus.Running]: ['Running', '运行中', 'Läuft'],
  [JobStatus.Stopped]: ['Stopped', '已停止', 'Angehalten'],
};

/** How one run ended; `running` while it runs (or when its process died during it). */
export const jobRunOutcomes = ['running', 'ok', 'failed'] as const;
export type JobRunOutcome = (typeof jobRunOutcomes)[number];

/**
 * Quartz cron expressions have seconds: 6 parts (second minute hour day month week) or 7 (and
 * year). The server checks the values themselves (croner); the contract checks the shape.
 */
export const cronExpressionSchema = text({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(120, 'must be at most 120 characters')
  .refine((value) => [6, 7].includes(value.split(/\s+/).length), 'must have 6 or 7 parts: second minute hour day month week [year]');

/** What croner needs to run a Quartz expression the way Quartz does; shared by server and web so both read it alike. */
export const quartzCronOptions = { mode: '6-or-7-parts', alternativeWeekdays: true, sloppyRanges: true } as const;

/**
 * A Quartz expression as croner reads it: croner has no `L-n` (n days before the month's end), so
 * that day part becomes `L` and the days go to croner's `dayOffset`.
 */
export const quartzToCroner = (expression: string): { pattern: string; dayOffset: number } => {
  const parts = expression.trim().split(/\s+/);
  const match = /^L-(\d{1,2})$/i.exec(parts[3] ?? '');
  if (!match) return { pattern: parts.join(' '), dayOffset: 0 };
  parts[3] = 'L';
  return { pattern: parts.join(' '), dayOffset: -Number(match[1]) };
};

const jobAddSchema = z.object({
  /** The name of a task the server registered (`GET /sys/quartzJob/tasks`); one job per task. */
  jobClassName: text({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  cronExpression: cronExpressionSchema,
  /** Handed to the task on each run; what it means is the task's own (a number of days, a note). */
  parameter: text().trim().max(500, 'must be at most 500 characters').nullish(),
  description: text().trim().max(200, 'must be at most 200 characters').nullish(),
  status: z.union([z.literal(JobStatus.Running), z.literal(JobStatus.Stopped)], { error: 'must be 0 (running) or -1 (stopped)' }).default(JobStatus.Running),
});

/** System → Scheduled jobs (spec section 2, JeecgBoot `sys_quartz_job`): named server tasks on Quartz cron expressions. */
export const jobResource = defineResource({
  path: '/sys/quartzJob',
  tenancy: 'platform',
  table: 'sys_quartz_job',
  title: ['Scheduled jobs', '定时任务', 'Geplante Aufgaben'],
  recordName: ['job', '定时任务', 'Aufgabe'],
  record: z.object({
    id: text(),
    jobClassName: text(),
    cronExpression: text(),
    parameter: text().nullable(),
    description: text().nullable(),
    status: z.number().int(),
    /** When a running job fires next (lists and one record); null when stopped. */
    nextFireTime: text().nullish(),
    ...auditFields,
  }),
  columns: {
    jobClassName: { type: 'text' },
    cronExpression: { type: 'text' },
    description: { type: 'text' },
    status: { type: 'smallint' },
    createTime: { type: 'date' },
  },
  defaultSort: { column: 'createTime', order: 'desc' },
  add: jobAddSchema,
  edit: editSchemaOf(jobAddSchema),
  permissions: {
    list: Permission.JobList,
    add: Permission.JobAdd,
    edit: Permission.JobEdit,
    delete: Permission.JobDelete,
  },
  unique: ['jobClassName'],
  labels: {
    jobClassName: ['Task', '任务', 'Aufgabe'],
    cronExpression: ['Schedule (cron)', 'Cron 表达式', 'Zeitplan (Cron)'],
    parameter: ['Parameter', '参数', 'Parameter'],
    description: ['Description', '描述', 'Beschreibung'],
    status: ['Status', '状态', 'Status'],
    nextFireTime: ['Next run', '下次执行', 'Nächster Lauf'],
    ...auditLabels,
  },
  sheet: ['jobClassName', 'cronExpression', 'parameter', 'description', 'status', 'createTime'],
});
export type JobRecord = z.infer<typeof jobResource.record>;
export type JobAdd = z.input<typeof jobResource.add>;

/** The runs of jobs (the last ones of each job are kept): `GET /sys/quartzJobRun/list?jobId=`. */
export const jobRunResource = defineResource({
  path: '/sys/quartzJobRun',
  tenancy: 'platform',
  table: 'sys_quartz_job_run',
  title: ['Runs', '执行记录', 'Läufe'],
  recordName: ['run', '执行记录', 'Lauf'],
  record: z.object({
    id: text(),
    jobId: text(),
    fireTime: text(),
    startTime: text(),
    finishTime: text().nullable(),
    durationMs: z.number().int().nullable(),
    outcome: z.enum(jobRunOutcomes),
    message: text().nullable(),
    /** Which server process ran it (host and process id). */
    process: text(),
    /** A run someone asked for ("run now"), not a firing of the schedule. */
    manual: z.boolean(),
  }),
  columns: {
    jobId: { type: 'text' },
    fireTime: { type: 'date' },
    durationMs: { type: 'integer' },
    outcome: { type: 'text' },
    process: { type: 'text' },
  },
  defaultSort: { column: 'fireTime', order: 'desc' },
  permissions: { list: Permission.JobList },
  labels: {
    fireTime: ['Fire time', '触发时间', 'Auslösezeit'],
    startTime: ['Started', '开始时间', 'Begonnen'],
    finishTime: ['Finished', '结束时间', 'Beendet'],
    durationMs: ['Duration (ms)', '耗时（毫秒）', 'Dauer (ms)'],
    outcome: ['Outcome', '结果', 'Ergebnis'],
    message: ['Message', '信息', 'Meldung'],
    process: ['Process', '进程', 'Prozess'],
  },
  sheet: ['fireTime', 'durationMs', 'outcome', 'message', 'process'],
});
export type JobRunRecord = z.infer<typeof jobRunResource.record>;

/** `GET /sys/quartzJob/tasks`: the tasks a job can run, with their titles. */
export const jobTaskSchema = z.object({ name: text(), title: z.tuple([text(), text(), text()]) });
export type JobTask = z.infer<typeof jobTaskSchema>;

/** `GET /sys/quartzJob/pause|resume|execute?id=`. */
export const jobIdQuerySchema = z.object({ id: fields.id });

/** `GET /sys/quartzJob/nextFireTimes?cronExpression=&count=`: when an expression fires next, in the server's time zone. */
export const jobNextFireTimesQuerySchema = z.object({
  cronExpression: cronExpressionSchema,
  count: z.coerce.number({ error: 'must be a number' }).int().min(1, 'must be from 1 to 20').max(20, 'must be from 1 to 20').default(5),
});
export const jobNextFireTimesSchema = z.object({ times: z.array(text()), timeZone: text() });
export type JobNextFireTimes = z.infer<typeof jobNextFireTimesSchema>;

/** The answers' messages (JeecgBoot's, in English). */
export const jobMessages = {
  added: 'Scheduled job created',
  edited: 'Scheduled job updated',
  paused: 'Scheduled job paused',
  resumed: 'Scheduled job resumed',
  executed: 'Executed',
  executionFailed: 'Execution failed',
  badCron: 'is not a valid cron expression',
  unknownTask: 'is not a task this server knows',
} as const;

/** A job's pause, resume and run now (GET as JeecgBoot, or POST: the console's), its tasks and the next fire times of an expression. */
export const jobEndpoints = {
  /** Stop a job's schedule (status -1). */
  pause: defineEndpoint({ method: ['POST', 'GET'], path: '/sys/quartzJob/pause', query: jobIdQuerySchema, result: null }),
  /** Start a job's schedule again (status 0). */
  resume: defineEndpoint({ method: ['POST', 'GET'], path: '/sys/quartzJob/resume', query: jobIdQuerySchema, result: null }),
  /** Run a job now: the result is the run. */
  execute: defineEndpoint({ method: ['POST', 'GET'], path: '/sys/quartzJob/execute', query: jobIdQuerySchema, result: jobRunResource.record }),
  /** The tasks a job can run. */
  tasks: defineEndpoint({ method: 'GET', path: '/sys/quartzJob/tasks', result: z.array(jobTaskSchema) }),
  /** When a cron expression fires next, in the server's time zone. */
  nextFireTimes: defineEndpoint({ method: 'GET', path: '/sys/quartzJob/nextFireTimes', query: jobNextFireTimesQuerySchema, result: jobNextFireTimesSchema }),
};
