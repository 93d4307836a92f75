import type { BatteryRecord, ListQuery, LoggerRecord, Page, batteryListColumns, loggerListColumns } from '@cellsight/contract';
import { sql } from 'drizzle-orm';
import { batteries, loggers } from '../../db/schema.js';
import { type ListColumn, type ListSpec, buildListQuery, toPage } from '../../lib/list-query.js';
import type { AuthContext } from '../../plugins/auth.plugin.js';
import type { DeviceRepository } from './device.repository.js';

const loggerListSpec: ListSpec = {
  columns: {
    gsn: { column: loggers.gsn, type: 'text' },
    alias: { column: loggers.alias, type: 'text' },
    online: { column: loggers.online, type: 'boolean' },
    firmware: { column: loggers.firmware, type: 'text' },
    deviceType: { column: loggers.deviceType, type: 'text' },
    brand: { column: loggers.brand, type: 'text' },
    lastSeen: { column: loggers.lastSeen, type: 'date' },
    createTime: { column: loggers.createTime, type: 'date' },
  } satisfies Record<(typeof loggerListColumns)[number], ListColumn>,
  defaultSort: { name: 'createTime', order: 'desc' },
  tieBreaker: loggers.gsn,
};

const batteryListSpec: ListSpec = {
  columns: {
    batterySn: { column: batteries.batterySn, type: 'text' },
    loggerGsn: { column: batteries.loggerGsn, type: 'text' },
    state: { column: batteries.state, type: 'text' },
    status: { column: batteries.status, type: 'text' },
    soc: { column: batteries.soc, type: 'number' },
    lastTs: { column: batteries.lastTs, type: 'date' },
    createTime: { column: batteries.createTime, type: 'date' },
  } satisfies Record<(typeof batteryListColumns)[number], ListColumn>,
  defaultSort: { name: 'batterySn', order: 'asc' },
  tieBreaker: batteries.batterySn,
};

/** What the console reads of loggers and batteries; every list is limited to the caller's tenants. */
export const createDeviceService = (devices: DeviceRepository) => {
  const visible = (auth: AuthContext) => devices.visibleGsns(auth.userId, auth.tenantId);
  return {
    async listLoggers(auth: AuthContext, query: ListQuery): Promise<Page<LoggerRecord>> {
      const built = buildListQuery(query, loggerListSpec);
      const { records, total } = await devices.listLoggers(built, sql`${loggers.gsn} in ${visible(auth)}`);
      return toPage(records, total, built);
    },

    async listBatteries(auth: AuthContext, query: ListQuery): Promise<Page<BatteryRecord>> {
      const built = buildListQuery(query, batteryListSpec);
      const { records, total } = await devices.listBatteries(built, visible(auth));
      return toPage(records, total, built);
    },
  };
};

export type DeviceService = ReturnType<typeof createDeviceService>;
