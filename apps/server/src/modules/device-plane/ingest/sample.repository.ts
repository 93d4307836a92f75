import { sql } from 'drizzle-orm';
import type { BulkScript, Database } from '../../../db/database.js';
import { copyTarget, createStage, encodeStage, type SampleRow, stageTable } from './sample-stage.js';

export type { SampleRow } from './sample-stage.js';

/** Registers batteries seen for the first time and moves each battery's latest reading forward. */
const upsertLatest = `
  insert into tb_battery as b (battery_sn, logger_gsn, bms_sn, bmu_sn, last_ts, state, status, soc, soh, cycles, voltage, current, power,
    temperature, charge_energy_today, discharge_energy_today, relay_main, relay_charge, relay_discharge, hw_version, sw_version, role, work_mode)
  select battery_sn, logger_gsn, bms_sn, bmu_sn, ts, state, status, soc, soh, cycles, voltage, current, power,
    temperature, charge, discharge, relay_main, relay_charge, relay_discharge, hw, sw, role, work_mode
  from ${stageTable} where latest
  order by battery_sn
  on conflict (battery_sn) do update set
    bms_sn = coalesce(excluded.bms_sn, b.bms_sn), bmu_sn = coalesce(excluded.bmu_sn, b.bmu_sn),
    last_ts = excluded.last_ts, state = excluded.state, status = excluded.status, soc = excluded.soc, soh = excluded.soh,
    cycles = excluded.cycles, voltage = excluded.voltage, current = excluded.current, power = excluded.power,
    temperature = excluded.temperature, charge_energy_today = excluded.charge_energy_today,
    discharge_energy_today = excluded.discharge_energy_today, relay_main = excluded.relay_main,
    relay_charge = excluded.relay_charge, relay_discharge = excluded.relay_discharge,
    hw_version = coalesce(excluded.hw_version, b.hw_version), sw_version = coalesce(excluded.sw_version, b.sw_version),
    role = excluded.role, work_mode = excluded.work_mode
  where b.logger_gsn = excluded.logger_gsn and (b.last_ts is null or excluded.last_ts > b.last_ts)`;

/**
 * Inserts the staged samples, skipping (battery, ts) pairs already stored, and merges only the rows
 * actually inserted into the 5-minute, hourly and daily rollups; daily buckets start at local
 * midnight of the battery's time zone (DST-correct through date_trunc with a zone).
 */
const insertSamplesAndRollups = `
  with inserted as (
    insert into tb_battery_sample (battery_sn, ts, state, status, soc, soh, cycles, voltage, current, power, temperature,
      charge_energy_today, discharge_energy_today, relay_main, relay_charge, relay_discharge, role, work_mode, cell_voltages, cell_temperatures)
    select battery_sn, ts, state, status, soc, soh, cycles, voltage, current, power, temperature, charge, discharge,
      relay_main, relay_charge, relay_discharge, role, work_mode, cell_v, cell_t
    from ${stageTable}
    order by battery_sn, ts
    on conflict do nothing
    returning battery_sn, ts, soc, power, voltage, current, temperature, charge_energy_today, discharge_energy_today
  ),
  zoned as (
    select i.*, z.tz from inserted i join (select battery_sn, tz from ${stageTable} where latest) z using (battery_sn)
  ),
  buckets as (
    select '5m' as period, date_bin('5 minutes', ts, timestamptz '2000-01-01 00:00:00+00') as bucket_start, * from zoned
    union all select '1h', date_trunc('hour', ts, 'UTC'), * from zoned
    union all select '1d', date_trunc('day', ts, tz), * from zoned
  ),
  rolled as (
    insert into tb_battery_rollup as r (battery_sn, period, bucket_start, samples, soc_sum, soc_min, soc_max, power_sum, power_min, power_max,
      voltage_sum, current_sum, temperature_sum, temperature_max, charge_energy, discharge_energy)
    select battery_sn, period, bucket_start, count(*), sum(soc), min(soc), max(soc), sum(power), min(power), max(power),
      sum(voltage), sum(current), sum(temperature), max(temperature), max(charge_energy_today), max(discharge_energy_today)
    from buckets group by battery_sn, period, bucket_start
    order by battery_sn, period, bucket_start
    on conflict (battery_sn, period, bucket_start) do update set
      samples = r.samples + excluded.samples,
      soc_sum = r.soc_sum + excluded.soc_sum, soc_min = least(r.soc_min, excluded.soc_min), soc_max = greatest(r.soc_max, excluded.soc_max),
      power_sum = r.power_sum + excluded.power_sum, power_min = least(r.power_min, excluded.power_min), power_max = greatest(r.power_max, excluded.power_max),
      voltage_sum = r.voltage_sum + excluded.voltage_sum, current_sum = r.current_sum + excluded.current_sum,
      temperature_sum = r.temperature_sum + excluded.temperature_sum, temperature_max = greatest(r.temperature_max, excluded.temperature_max),
      charge_energy = greatest(r.charge_energy, excluded.charge_energy), discharge_energy = greatest(r.discharge_energy, excluded.discharge_energy)
    returning 1
  )
  select (select count(*) from inserted)::int as inserted, (select count(*) from rolled)::int as buckets`;

/**
 * Writes a batch of samples in one transaction on one connection, given as one bulk script (on the
 * embedded database's thread it runs there whole). The COPY data is encoded before the transaction
 * opens, so the transaction never waits for JavaScript:
 * 1. the batch is copied (binary) into the connection's staging table;
 * 2. each battery's latest reading is updated from the newest staged sample (new batteries are
 *    registered under their logger);
 * 3. samples go from staging into the partitioned table, re-sent ones skipped, and the rows
 *    actually inserted into the rollups.
 * Batches of one logger always go through the same writer (see SampleBatcher), so concurrent
 * transactions never wait for each other's battery or rollup rows.
 */
export const createSampleRepository = (db: Database, bulkScript: BulkScript) => ({
  async writeBatch(rows: SampleRow[]): Promise<{ inserted: number }> {
    if (rows.length === 0) return { inserted: 0 };
    const data = encodeStage(rows);
    const [counts] = await bulkScript([{ once: createStage }, { copy: copyTarget, data }, { query: upsertLatest }, { query: insertSamplesAndRollups }]);
    return { inserted: Number(counts?.inserted ?? 0) };
  },

  /**
   * Recomputes the station energy days (and their months) of the last `days` station-local days
   * from the daily rollups; null recomputes every day. Returns the rows changed, or -1 when
   * another process was refreshing at that moment (unless `wait`, which waits for it and then refreshes).
   */
  async refreshStationEnergy(days: number | null, { wait = false } = {}): Promise<number> {
    const result = (await db.execute(sql`select cs_refresh_station_energy(${days}::integer, ${wait}) as changed`)) as unknown as { rows: { changed: number }[] };
    return Number(result.rows[0]?.changed ?? 0);
  },

  /** Makes sure monthly partitions exist from 14 months back to 2 months ahead. */
  async ensurePartitions(): Promise<void> {
    await db.execute(sql`select cs_ensure_sample_partitions((now() - interval '14 months')::date, 17)`);
  },
});

export type SampleRepository = ReturnType<typeof createSampleRepository>;
