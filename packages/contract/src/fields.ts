import { z } from 'zod';
import { isStrongPassword, limits, patterns } from './validation.js';

// Kept apart from validation.ts, which holds plain data: the web app's first page imports the
// patterns and limits, and must not pull zod in with them.
/** Field schemas shared by request bodies. Messages name the rule; the server prefixes the field. */
export const fields = {
  username: z
    .string({ error: 'is required' })
    .trim()
    .regex(patterns.username, 'must be 4 to 18 letters, digits or underscores'),
  password: z
    .string({ error: 'is required' })
    .min(limits.passwordMin, `must be at least ${limits.passwordMin} characters`)
    .max(limits.passwordMax, `must be at most ${limits.passwordMax} characters`)
    .regex(patterns.password, 'may hold only letters and digits')
    .refine(isStrongPassword, 'must mix letters and digits'),
  /** Sign-in takes any password up to a sane length; strength rules apply when one is set. */
  loginPassword: z.string({ error: 'is required' }).min(1, 'is required').max(128, 'is too long'),
  mobile: z.string().regex(patterns.mobile, 'is not a valid mobile number'),
  email: z.string().trim().max(100, 'is too long').regex(patterns.email, 'is not a valid e-mail address'),
  realname: z.string().trim().max(limits.realnameMax, `must be at most ${limits.realnameMax} characters`),
  company: z.string().trim().max(limits.companyMax, `must be at most ${limits.companyMax} characters`),
  address: z.string().trim().max(limits.addressMax, `must be at most ${limits.addressMax} characters`),
  /** 1 male, 2 female. */
  sex: z.union([z.literal(1), z.literal(2)], { error: 'must be 1 (male) or 2 (female)' }),
  /** An id: snowflake-like digits or a 32-character hex string. */
  id: z.string().trim().min(1, 'is required').max(64, 'is too long').regex(/^[A-Za-z0-9_-]+$/, 'is not a valid id'),
  /** A comma-joined id list, as the wire carries it. */
  idList: z
    .string()
    .trim()
    .max(20_000, 'is too long')
    .regex(/^[A-Za-z0-9_-]*(,[A-Za-z0-9_-]*)*$/, 'must be ids separated by commas'),
  avatar: z.string().trim().max(500, 'is too long'),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD'),
} as const;

