import { z } from 'zod';
import { text } from './text.js';
import { avatarPathPattern, isStrongPassword, limits, patterns } from './validation.js';

// Kept apart from validation.ts, which holds plain data: the web app's first page imports the
// patterns and limits, and must not pull zod in with them.
/** Field schemas shared by request bodies. Messages name the rule; the server prefixes the field. */
export const fields = {
  username: text({ error: 'is required' })
    .trim()
    .regex(patterns.username, 'must be 4 to 18 letters, digits or underscores'),
  password: text({ error: 'is required' })
    .min(limits.passwordMin, `must be at least ${limits.passwordMin} characters`)
    .max(limits.passwordMax, `must be at most ${limits.passwordMax} characters`)
    .regex(patterns.password, 'may not hold control characters')
    .refine(isStrongPassword, { message: 'must mix letters and digits', params: { messageKey: 'passwordStrength' } }),
  /** Sign-in takes any password up to a sane length; strength rules apply when one is set. */
  loginPassword: text({ error: 'is required' }).min(1, 'is required').max(128, 'is too long'),
  mobile: text().regex(patterns.mobile, 'is not a valid mobile number'),
  email: text().trim().max(100, 'is too long').regex(patterns.email, 'is not a valid e-mail address'),
  realname: text().trim().max(limits.realnameMax, `must be at most ${limits.realnameMax} characters`),
  company: text().trim().max(limits.companyMax, `must be at most ${limits.companyMax} characters`),
  address: text().trim().max(limits.addressMax, `must be at most ${limits.addressMax} characters`),
  /** 1 male, 2 female. */
  sex: z.union([z.literal(1), z.literal(2)], { error: 'must be 1 (male) or 2 (female)' }),
  /** An id: snowflake-like digits or a 32-character hex string. */
  id: text().trim().min(1, 'is required').max(64, 'is too long').regex(/^[A-Za-z0-9_-]+$/, 'is not a valid id'),
  /** A comma-joined id list, as the wire carries it. */
  idList: text()
    .trim()
    .max(20_000, 'is too long')
    .regex(/^[A-Za-z0-9_-]*(,[A-Za-z0-9_-]*)*$/, 'must be ids separated by commas'),
  /** The stored path of an avatar uploaded through /sys/common/upload; nothing else (no URLs). */
  avatar: text().trim().max(200, 'is too long').regex(avatarPathPattern, 'must be the path of an avatar uploaded through /sys/common/upload'),
  date: text().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD'),
  /**
   * A date and time: ISO 8601 with an offset, or JeecgBoot's `YYYY-MM-DD HH:mm[:ss]` (its date
   * pickers' format), read as UTC, the zone the API writes its times in. Answers the instant as
   * ISO 8601 in UTC, so two of them compare as text.
   */
  dateTime: text()
    .trim()
    .transform((value, context) => {
      const wall = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
      const parsed = wall ? wallClockUtc(wall) : z.iso.datetime({ offset: true }).safeParse(value).success ? new Date(value) : null;
      if (!parsed || Number.isNaN(parsed.getTime())) {
        context.addIssue({ code: 'custom', message: 'must be a date and time (ISO 8601, or YYYY-MM-DD HH:mm:ss in UTC)' });
        return z.NEVER;
      }
      return parsed.toISOString();
    }),
} as const;

/** `YYYY-MM-DD HH:mm[:ss]` as a UTC instant; null for a day or time that does not exist (2026-02-30, 24:00). */
function wallClockUtc(parts: RegExpExecArray): Date | null {
  const [year, month, day, hour, minute, second] = parts.slice(1, 7).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const instant = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const same = instant.getUTCFullYear() === year && instant.getUTCMonth() === month - 1 && instant.getUTCDate() === day && instant.getUTCHours() === hour && instant.getUTCMinutes() === minute && instant.getUTCSeconds() === second;
  return same ? instant : null;
}

/**
 * An optional text field of a request: absent leaves the stored value as it is, '' or null clears it
 * (stored as null). Blank counts as "clear", so the field's own rules (pattern, length) apply only to
 * a given value.
 */
export const optionalText = <Schema extends z.ZodType<string, string>>(schema: Schema) =>
  z
    .union([schema, z.literal('')])
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value));
