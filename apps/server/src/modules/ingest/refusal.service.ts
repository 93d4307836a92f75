import type { LoggerRefusal } from '@cellsight/contract';
import { notFound } from '../../lib/errors.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { DeviceRepository } from '../device/device.repository.js';
import type { RefusalRepository } from './refusal.repository.js';

/** A logger's diagnostics: its refused messages per reason, for whoever may see the logger. */
export const createRefusalService = (refusals: RefusalRepository, devices: DeviceRepository) => ({
  /** The same visibility as every other device read: a logger outside the caller's tenants is not found. */
  async forLogger(auth: AuthContext, gsn: string): Promise<LoggerRefusal[]> {
    if (!(await devices.findVisibleLogger(gsn, devices.visibleGsns(auth)))) throw notFound(`logger ${gsn}`);
    return refusals.list(gsn);
  },
});
