import type { LoggerRefusal } from '@cellsight/contract';
import { notFound } from '../../../lib/errors.js';
import type { AuthContext } from '../../../access/auth-context.js';
import type { LoggerRecords } from '../../logger/index.js';
import type { RefusalRepository } from './refusal.repository.js';

/** A logger's diagnostics: its refused messages per reason, for whoever may see the logger. */
export const createRefusalService = (refusals: RefusalRepository, loggers: LoggerRecords) => ({
  /** The same visibility as every other device read: a logger outside the caller's tenants is not found. */
  async forLogger(auth: AuthContext, gsn: string): Promise<LoggerRefusal[]> {
    if (!(await loggers.findVisibleLogger(gsn, loggers.visibleGsns(auth)))) throw notFound(`logger ${gsn}`);
    return refusals.list(gsn);
  },
});

export type RefusalService = ReturnType<typeof createRefusalService>;
