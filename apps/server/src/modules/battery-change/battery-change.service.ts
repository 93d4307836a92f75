import { type BatteryChangeSource, type batteryChangeAddSchema, batteryChangeResource } from '@cellsight/contract';
import type { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { createResourceService } from '../../kit/resource-service.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { DictService } from '../dict/dict.service.js';
import { visibleLoggerGsns } from '../../access/station-scope.js';
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

export const createBatteryChangeService = (deps: BatteryChangeServiceDeps) => {
  const kit = createResourceService({ resource: batteryChangeResource, ...deps.changes.screen, dicts: deps.dicts });

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
