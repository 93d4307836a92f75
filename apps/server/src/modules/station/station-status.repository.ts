import { StationStatus } from '@cellsight/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { deviceEvents, loggers, stations } from '../../db/schema.js';

/**
 * The status a station shows (and the station list sorts by): an open fault or protection event on
 * one of its loggers, else an open warning, else whether any logger is online. Stored on the station
 * and recomputed when one of its loggers goes on- or offline, an event opens or closes, or loggers
 * are bound or unbound, so a list of ten thousand stations sorts without looking at their devices.
 */
export const stationStatusOf = sql`(
  select case
    when exists (select 1 from ${deviceEvents} e join ${loggers} l on l.gsn = e.logger_gsn
                 where l.station_id = ${stations.id} and e.end_time is null and e.type in ('fault', 'protect')) then ${sql.raw(String(StationStatus.Fault))}
    when exists (select 1 from ${deviceEvents} e join ${loggers} l on l.gsn = e.logger_gsn
                 where l.station_id = ${stations.id} and e.end_time is null and e.type = 'warning') then ${sql.raw(String(StationStatus.Warning))}
    when exists (select 1 from ${loggers} l where l.station_id = ${stations.id} and l.online) then ${sql.raw(String(StationStatus.Normal))}
    else ${sql.raw(String(StationStatus.Offline))}
  end)`;

export const createStationStatusRepository = (db: Database) => ({
  async refresh(stationId: string): Promise<void> {
    await db.execute(sql`update ${stations} set status = ${stationStatusOf} where ${stations.id} = ${stationId}`);
  },
});

export type StationStatusRepository = ReturnType<typeof createStationStatusRepository>;
