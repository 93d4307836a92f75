import { and, desc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { createTableRepository } from '../../kit/table-repository.js';
import { newId } from '../../lib/ids.js';
import { jobRuns, jobs } from './job.table.js';

export type JobRow = typeof jobs.$inferSelect;
export type JobRunRow = typeof jobRuns.$inferSelect;

/** How many runs of each job are kept (the runs drawer shows the newest). */
export const runsKept = 200;

/** Jobs and their runs: the kit's reads, what the scheduler reads, and the claim of a firing. */
export const createJobRepository = (db: Database) => ({
  /** What the kit's job list reads: the table, its reads, the column of each list column. */
  screen: {
    table: jobs,
    repository: createTableRepository(db, jobs),
    columns: { jobClassName: jobs.jobClassName, cronExpression: jobs.cronExpression, description: jobs.description, status: jobs.status, createTime: jobs.createTime },
  },
  /** What the kit's list of runs reads. */
  runsResourceTable: {
    table: jobRuns,
    repository: createTableRepository(db, jobRuns),
    columns: { jobId: jobRuns.jobId, fireTime: jobRuns.fireTime, durationMs: jobRuns.durationMs, outcome: jobRuns.outcome, process: jobRuns.process },
  },

  async all(): Promise<JobRow[]> {
    return db.select().from(jobs);
  },

  async byId(id: string): Promise<JobRow | null> {
    const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
    return row ?? null;
  },

  async setStatus(id: string, status: number, updateBy: string): Promise<boolean> {
    const changed = await db.update(jobs).set({ status, updateBy, updateTime: new Date() }).where(eq(jobs.id, id)).returning({ id: jobs.id });
    return changed.length > 0;
  },

  /** Adds the jobs whose task has none yet (the platform's housekeeping); an existing job of the task is left as it is. */
  async ensure(rows: Omit<typeof jobs.$inferInsert, 'id'>[]): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insert(jobs)
      .values(rows.map((row) => ({ ...row, id: newId() })))
      .onConflictDoNothing({ target: jobs.jobClassName });
  },

  /**
   * Claims one firing of a job for this process: the row is inserted only if no process did so for
   * the same (job, fire time) already, so on several processes exactly one runs it. Null: taken.
   */
  async claim(jobId: string, fireTime: Date, process: string, manual: boolean): Promise<JobRunRow | null> {
    const [row] = await db
      .insert(jobRuns)
      .values({ id: newId(), jobId, fireTime, startTime: new Date(), process, manual })
      .onConflictDoNothing({ target: [jobRuns.jobId, jobRuns.fireTime] })
      .returning();
    return row ?? null;
  },

  async finish(runId: string, outcome: { outcome: 'ok' | 'failed'; message: string | null; finishTime: Date; durationMs: number }): Promise<JobRunRow | null> {
    const [row] = await db
      .update(jobRuns)
      .set({ ...outcome, message: outcome.message?.slice(0, 2000) ?? null })
      .where(eq(jobRuns.id, runId))
      .returning();
    return row ?? null;
  },

  /** Deletes a job's runs older than its newest `runsKept`. */
  async prune(jobId: string): Promise<void> {
    const [oldestKept] = await db.select({ fireTime: jobRuns.fireTime }).from(jobRuns).where(eq(jobRuns.jobId, jobId)).orderBy(desc(jobRuns.fireTime)).offset(runsKept - 1).limit(1);
    if (oldestKept) await db.delete(jobRuns).where(and(eq(jobRuns.jobId, jobId), lt(jobRuns.fireTime, oldestKept.fireTime)));
  },
});

export type JobRepository = ReturnType<typeof createJobRepository>;
