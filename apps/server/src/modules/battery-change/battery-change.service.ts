import { AccountType, type BatteryChangeSource, type batteryChangeAddSchema, batteryChangeResource } from '@cellsight/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { batteryChanges, loggers } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { createResourceService } from '../../kit/resource-service.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { DictService } from '../dict/dict.service.js';
import { type ScopeCaller, visibleLoggerGsns } from '../../access/station-scope.js';
import { callerTenantIds } from '../../access/tenant-scope.js';
import type { BatteryChangeRepository } from './battery-change.repository.js';

/** A change as the consoles hear of it (`battery.changed`). */
export interface RecordedChange {
  loggerGsn: string;
  oldSn: string;
  newSn: string;
  source: BatteryChangeSource;
}

export interface BatteryChangeServiceDeps {
  changes: BatteryChangeRepository;
  dicts: DictService;
  /** A change was recorded: the consoles that see its logger refresh. */
  recorded(change: RecordedChange): void;
}

/**
 * The scope rule for change records: those of the loggers the caller sees (`station-scope.ts`); an
 * administrator also those of its tenants' loggers that no longer exist (history outlives them).
 */
export const batteryChangeScope = (caller: ScopeCaller): SQL => {
  const ofVisibleLoggers = sql`${batteryChanges.loggerGsn} in ${visibleLoggerGsns(caller)}`;
  if (caller.accountType !== AccountType.Admin) return ofVisibleLoggers;
  return sql`(${ofVisibleLoggers} or (${batteryChanges.tenantId} in ${callerTenantIds(caller)} and not exists (select 1 from ${loggers} where ${loggers.gsn} = ${batteryChanges.loggerGsn})))`;
};

export const createBatteryChangeService = (deps: BatteryChangeServiceDeps) => {
  const kit = createResourceService({
    resource: batteryChangeResource,
    repository: deps.changes.table,
    table: batteryChanges,
    columns: {
      oldSn: batteryChanges.oldSn,
      newSn: batteryChanges.newSn,
      loggerGsn: batteryChanges.loggerGsn,
      stationId: batteryChanges.stationId,
      source: batteryChanges.source,
      changeTime: batteryChanges.changeTime,
      createBy: batteryChanges.createBy,
    },
    dicts: deps.dicts,
    scope: batteryChangeScope,
    extraFilters: {
      // One search box for a battery: the old or the new SN, containing the text.
      sn: (value) => {
        const pattern = `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        return sql`(${batteryChanges.oldSn} ilike ${pattern} or ${batteryChanges.newSn} ilike ${pattern})`;
      },
    },
  });

  return {
    // The kit's list, queryById and export; records are history, so no edit, delete or import.
    resource: kit.resource,
    list: kit.list,
    byId: kit.byId,
    exportSheet: kit.exportSheet,

    /**
     * A replacement entered by hand (done on site): the logger must be in the caller's scope (404
     * naming `loggerGsn` otherwise, as for one that does not exist). Its station is the logger's now.
     * Returns the new id and the operation log's words.
     */
    async add(auth: AuthContext, input: z.output<typeof batteryChangeAddSchema>): Promise<{ id: string; note: string }> {
      const logger = await deps.changes.visibleLogger(input.loggerGsn, visibleLoggerGsns(auth));
      if (!logger) throw notFound(`logger ${input.loggerGsn}`, 'loggerGsn');
      const id = await deps.changes.insert({
        tenantId: logger.tenantId,
        loggerGsn: logger.gsn,
        stationId: logger.stationId,
        oldSn: input.oldSn,
        newSn: input.newSn,
        changeTime: new Date(input.changeTime),
        source: 'manual',
        remark: input.remark ?? null,
        createBy: auth.username,
      });
      deps.recorded({ loggerGsn: logger.gsn, oldSn: input.oldSn, newSn: input.newSn, source: 'manual' });
      return { id, note: `Recorded the replacement of battery ${input.oldSn} by ${input.newSn} on logger ${logger.gsn} at ${new Date(input.changeTime).toISOString()}` };
    },
  };
};

export type BatteryChangeService = ReturnType<typeof createBatteryChangeService>;
