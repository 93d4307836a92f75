import {
  type BatteryCells,
  DataLogTable,
  type BatteryHistory,
  type BatteryHistoryQuery,
  type ListQuery,
  type LoggerRegistration,
  type LoggerRegistrationResult,
  type LoggerRecord,
  type Page,
  Permission,
  type RollupPeriod,
  ServerCode,
  historyRangeMaxDays,
} from '@cellsight/contract';
import { badRequest, invalidField, notFound } from '../../lib/errors.js';
import { buildListQuery, toPage } from '../../kit/list-query.js';
import { dataRulesOn } from '../../kit/resource-service.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { TenantMembershipRepository } from '../../access/tenant-membership.repository.js';
import { type DeviceRepository, loggerListSpec } from './device.repository.js';
import type { DataLogRecorder } from '../data-log/data-log.service.js';

const dayMs = 24 * 3600 * 1000;
/** How far back a history goes when the request names no `begin`. */
const defaultRangeDays: Record<RollupPeriod, number> = { '5m': 1, '1h': 7, '1d': 30 };

export interface DeviceServiceHooks {
  /** Loggers were registered (or confirmed with their key): the device plane gives them broker accounts. */
  registered?(gsns: string[]): Promise<void>;
  /** The data log: each newly registered logger is recorded (its key is a secret and left out). */
  dataLog?: DataLogRecorder;
}

/** What the console reads of loggers and batteries; every list is limited to the caller's tenants. */
export const createDeviceService = (devices: DeviceRepository, tenants: TenantMembershipRepository, now: () => Date = () => new Date(), hooks: DeviceServiceHooks = {}) => {
  const visible = (auth: AuthContext) => devices.visibleGsns(auth);
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
      const known = await devices.registeredLoggers(loggers.map((l) => l.gsn), auth);
      const refused = loggers.flatMap((l, index) => {
        const found = known.get(l.gsn);
        return found && !(found.own && found.registrationKey === l.key) ? [{ field: `loggers[${index}].gsn`, message: 'cannot be registered: it is registered with another key or to another account' }] : [];
      });
      if (refused.length > 0) throw badRequest(ServerCode.DEVICE_IN_USE, refused.map((e) => `${e.field}: ${e.message}`).join('; '), refused);
      const rows = loggers.filter((l) => !known.has(l.gsn)).map((l) => ({ gsn: l.gsn, registrationKey: l.key, timezone: l.timezone ?? 'UTC', tenantId, registrantId: auth.userId, createBy: auth.username }));
      await devices.insertLoggers(rows);
      for (const { registrationKey: _secret, ...logger } of rows) await hooks.dataLog?.record({ table: DataLogTable.Logger, id: logger.gsn, action: 'add', after: logger, by: auth.username, tenantId });
      await hooks.registered?.(loggers.map((l) => l.gsn));
      return { registered: rows.length, existing: loggers.length - rows.length };
    },

    async listLoggers(auth: AuthContext, query: ListQuery): Promise<Page<LoggerRecord>> {
      const built = buildListQuery(query, loggerListSpec, [await dataRulesOn(auth, Permission.LoggerList, loggerListSpec)]);
      const { records, total } = await devices.listLoggers(built, visible(auth));
      return toPage(records, total, built);
    },

    /** Cell voltages and temperatures of a battery's latest sample. */
    async batteryCells(auth: AuthContext, batterySn: string): Promise<BatteryCells> {
      const battery = await devices.findVisibleBattery(batterySn, visible(auth));
      if (!battery) throw notFound(`battery ${batterySn}`);
      const cells = await devices.latestCells(batterySn);
      if (!cells) throw notFound(`a reading of battery ${batterySn}`);
      return cells;
    },

    /** A battery's readings over time from the rollups, for charts. */
    async batteryHistory(auth: AuthContext, query: BatteryHistoryQuery): Promise<BatteryHistory> {
      const end = query.end ? new Date(query.end) : now();
      const begin = query.begin ? new Date(query.begin) : new Date(end.getTime() - defaultRangeDays[query.period] * dayMs);
      if (begin >= end) throw invalidField('begin', 'must be before end');
      if (end.getTime() - begin.getTime() > historyRangeMaxDays[query.period] * dayMs) {
        throw invalidField('begin', `with period ${query.period} the range is at most ${historyRangeMaxDays[query.period]} days`);
      }
      const battery = await devices.findVisibleBattery(query.batterySn, visible(auth));
      if (!battery) throw notFound(`battery ${query.batterySn}`);
      const points = await devices.rollups(query.batterySn, query.period, begin, end);
      return { batterySn: query.batterySn, period: query.period, begin: begin.toISOString(), end: end.toISOString(), timezone: battery.timezone, points };
    },
  };
};

export type DeviceService = ReturnType<typeof createDeviceService>;
