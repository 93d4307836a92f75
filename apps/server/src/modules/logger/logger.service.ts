import { DataLogTable, type ListQuery, type LoggerRegistration, type LoggerRegistrationResult, type LoggerRecord, type Page, Permission, ServerCode } from '@cellsight/contract';
import { badRequest, invalidField } from '../../lib/errors.js';
import { buildListQuery, toPage } from '../../kit/list-query.js';
import { dataRulesOn } from '../../kit/resource-service.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { TenantMembershipRepository } from '../../access/tenant-membership.repository.js';
import { type LoggerRepository, loggerListSpec } from './logger.repository.js';
import type { DataLogRecorder } from '../data-log/data-log.service.js';

export interface LoggerServiceHooks {
  /** Loggers were registered (or confirmed with their key): the device plane gives them broker accounts. */
  registered?(gsns: string[]): Promise<void>;
  /** The data log: each newly registered logger is recorded (its key is a secret and left out). */
  dataLog?: DataLogRecorder;
}

/** Registering loggers and the logger list; every list is limited to the caller's tenants. */
export const createLoggerService = (repository: LoggerRepository, tenants: TenantMembershipRepository, hooks: LoggerServiceHooks = {}) => {
  const visible = (auth: AuthContext) => repository.visibleGsns(auth);
  return {
    /**
     * Registers loggers to the chosen tenant (or the caller's first). Registered already with the
     * same key in the caller's tenants: counted as existing. Registered with another key, or to
     * anyone else: the whole request is refused, with one answer for both, so it reveals nothing
     * of other tenants' devices.
     */
    async registerLoggers(auth: AuthContext, loggers: LoggerRegistration['loggers']): Promise<LoggerRegistrationResult> {
      const tenantId = auth.tenantId || (await tenants.activeForUser(auth.userId))[0]?.id;
      if (!tenantId) throw invalidField('tenant-id', 'you belong to no tenant to register loggers for');
      const known = await repository.registeredLoggers(loggers.map((l) => l.gsn), auth);
      const refused = loggers.flatMap((l, index) => {
        const found = known.get(l.gsn);
        return found && !(found.own && found.registrationKey === l.key) ? [{ field: `loggers[${index}].gsn`, message: 'cannot be registered: it is registered with another key or to another account' }] : [];
      });
      if (refused.length > 0) throw badRequest(ServerCode.DEVICE_IN_USE, refused.map((e) => `${e.field}: ${e.message}`).join('; '), refused);
      const rows = loggers.filter((l) => !known.has(l.gsn)).map((l) => ({ gsn: l.gsn, registrationKey: l.key, timezone: l.timezone ?? 'UTC', tenantId, registrantId: auth.userId, createBy: auth.username }));
      await repository.insertLoggers(rows);
      for (const { registrationKey: _secret, ...logger } of rows) await hooks.dataLog?.record({ table: DataLogTable.Logger, id: logger.gsn, action: 'add', after: logger, by: auth.username, tenantId });
      await hooks.registered?.(loggers.map((l) => l.gsn));
      return { registered: rows.length, existing: loggers.length - rows.length };
    },

    async listLoggers(auth: AuthContext, query: ListQuery): Promise<Page<LoggerRecord>> {
      const built = buildListQuery(query, loggerListSpec, [await dataRulesOn(auth, Permission.LoggerList, loggerListSpec)]);
      const { records, total } = await repository.listLoggers(built, visible(auth));
      return toPage(records, total, built);
    },
  };
};

export type LoggerService = ReturnType<typeof createLoggerService>;
