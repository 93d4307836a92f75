import type { Availability } from './envelope.js';
import type { PermissionCode } from '@cellsight/contract';
import type { AuthContext } from '../access/auth-context.js';

/** Whether a value is free for one declared field of a resource (`/sys/duplicate/check`). */
export interface DuplicateCheck {
  /** The fields that may be checked; anything else is refused. */
  fields: readonly string[];
  /** Any one of these lets a caller ask (the forms that need the check). */
  access: readonly PermissionCode[];
  check(auth: AuthContext, field: string, value: string, exceptId?: string): Promise<Availability>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Resources whose fields `/sys/duplicate/check` answers for, by the table name the console sends. */
    duplicateChecks: Map<string, DuplicateCheck>;
  }
}
