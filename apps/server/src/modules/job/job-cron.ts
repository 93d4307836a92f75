import { quartzCronOptions, quartzToCroner } from '@cellsight/contract';
import { Cron } from 'croner';

/** A Quartz expression read by croner the way Quartz reads it (seconds, 1 = Sunday, `L-n`); it never runs by itself. */
export const quartzCron = (expression: string): Cron => {
  const { pattern, dayOffset } = quartzToCroner(expression);
  return new Cron(pattern, { ...quartzCronOptions, dayOffset });
};

/** What is wrong with a Quartz expression, or null: its values, `?` in exactly one of day and week, and that it fires again. */
export const cronProblem = (expression: string, now = new Date()): string | null => {
  const parts = expression.trim().split(/\s+/);
  if (parts.length < 6 || parts.length > 7) return 'must have 6 or 7 parts: second minute hour day month week [year]';
  // Quartz takes a day of the month or a day of the week, never both (nor neither).
  if ((parts[3] === '?') === (parts[5] === '?')) return 'must have ? in exactly one of day and week';
  let cron: Cron;
  try {
    cron = quartzCron(expression);
  } catch (error) {
    return `is not a valid cron expression (${(error as Error).message.replace(/^CronPattern: /, '')})`;
  }
  return cron.nextRun(now) ? null : 'never fires again';
};

/** The next `count` fire times after `from`. */
export const nextFireTimes = (expression: string, count: number, from = new Date()): Date[] => quartzCron(expression).nextRuns(count, from);

/**
 * An expression firing every `seconds` (from 1 to 3600), aligned to the clock: `0/2 * * * * ?` for
 * 2 seconds, `0 0/5 * * * ?` for 300. Periods that do not divide a minute or an hour restart at
 * each minute or hour (what Quartz does too).
 */
export const cronEverySeconds = (seconds: number): string => {
  if (seconds < 60) return `0/${seconds} * * * * ?`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return minutes === 1 ? '0 * * * * ?' : `0 0/${minutes} * * * ?`;
  return '0 0 * * * ?';
};
