import type { BatterySample } from '@cellsight/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';

/** A validated sample with what the batch needs to know about its logger. */
export interface SampleRow {
  gsn: string;
  timezone: string;
  sample: BatterySample;
}

const pgArray = (values: number[]): string => `{${values.join(',')}}`;

/**
 * A PostgreSQL array literal, bound as one text parameter: drizzle would spread a JS array into a
 * parameter list, and this keeps the statement's parameter count fixed whatever the batch size.
 */
const arrayLiteral = (values: readonly (string | number | boolean | null)[]): string =>
  `{${values
    .map((v) => {
      if (v === null) return 'NULL';
      if (typeof v === 'boolean') return v ? 't' : 'f';
      if (typeof v === 'number') return String(v);
      return `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
    })
    .join(',')}}`;

/** Column arrays for `unnest`: one bound parameter per column, whatever the batch size. */
function columnArrays(rows: SampleRow[]) {
  const c = {
    sn: [] as string[],
    gsn: [] as string[],
    tz: [] as string[],
    ts: [] as string[],
    state: [] as string[],
    status: [] as string[],
    soc: [] as number[],
    soh: [] as number[],
    cycles: [] as number[],
    voltage: [] as number[],
    current: [] as number[],
    power: [] as number[],
    temperature: [] as number[],
    charge: [] as number[],
    discharge: [] as number[],
    relayMain: [] as boolean[],
    relayCharge: [] as boolean[],
    relayDischarge: [] as boolean[],
    role: [] as string[],
    workMode: [] as string[],
    cellV: [] as string[],
    cellT: [] as string[],
    bmsSn: [] as (string | null)[],
    bmuSn: [] as (string | null)[],
    hw: [] as (string | null)[],
    sw: [] as (string | null)[],
  };
  for (const { gsn, timezone, sample: s } of rows) {
    c.sn.push(s.batterySn);
    c.gsn.push(gsn);
    c.tz.push(timezone);
    c.ts.push(new Date(s.ts).toISOString());
    c.state.push(s.state);
    c.status.push(s.status);
    c.soc.push(s.soc);
    c.soh.push(s.soh);
    c.cycles.push(s.cycles);
    c.voltage.push(s.voltage);
    c.current.push(s.current);
    c.power.push(s.power);
    c.temperature.push(s.temperature);
    c.charge.push(s.chargeEnergyToday);
    c.discharge.push(s.dischargeEnergyToday);
    c.relayMain.push(s.relays.main);
    c.relayCharge.push(s.relays.charge);
    c.relayDischarge.push(s.relays.discharge);
    c.role.push(s.role);
    c.workMode.push(s.workMode);
    c.cellV.push(pgArray(s.cellVoltages));
    c.cellT.push(pgArray(s.cellTemperatures));
    c.bmsSn.push(s.bmsSn ?? null);
    c.bmuSn.push(s.bmuSn ?? null);
    c.hw.push(s.hwVersion ?? null);
    c.sw.push(s.swVersion ?? null);
  }
  return c;
}

type Literals = { [K in keyof ReturnType<typeof columnArrays>]: string };

/** Every column as one array literal, built once per batch and before the transaction opens. */
function columns(rows: SampleRow[]): Literals {
  const arrays = columnArrays(rows);
  return Object.fromEntries(Object.entries(arrays).map(([key, values]) => [key, arrayLiteral(values)])) as Literals;
}

/** The newest sample of each battery in the batch, in battery order (so concurrent batches lock alike). */
function latestPerBattery(rows: SampleRow[]): SampleRow[] {
  const latest = new Map<string, SampleRow>();
  for (const row of rows) {
    const current = latest.get(row.sample.batterySn);
    if (!current || row.sample.ts > current.sample.ts) latest.set(row.sample.batterySn, row);
  }
  return [...latest.values()].sort((a, b) => (a.sample.batterySn < b.sample.batterySn ? -1 : 1));
}

/**
 * Writes a batch of samples in one transaction (every parameter is built before it opens, so the
 * transaction never waits for JavaScript):
 * 1. batteries seen for the first time are registered under their logger, and each battery's
 *    latest reading is updated when the batch holds a newer one;
 * 2. samples are inserted, skipping (battery, ts) pairs already stored: re-sent and replayed
 *    messages never duplicate;
 * 3. only the rows actually inserted are merged into the 5-minute, hourly and daily rollups, the
 *    daily buckets starting at local midnight of each battery's time zone (DST-correct through
 *    date_trunc with a zone).
 */
export const createSampleRepository = (db: Database) => ({
  async writeBatch(rows: SampleRow[]): Promise<{ inserted: number }> {
    if (rows.length === 0) return { inserted: 0 };
    const c = columns(rows);
    const latest = columns(latestPerBattery(rows));
    return db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into tb_battery as b (battery_sn, logger_gsn, bms_sn, bmu_sn, last_ts, state, status, soc, soh, cycles, voltage, current, power,
          temperature, charge_energy_today, discharge_energy_today, relay_main, relay_charge, relay_discharge, hw_version, sw_version, role, work_mode)
        select sn, gsn, bms, bmu, ts, state, status, soc, soh, cycles, voltage, current, power,
          temperature, charge, discharge, relay_main, relay_charge, relay_discharge, hw, sw, role, work_mode
        from unnest(${latest.sn}::varchar[], ${latest.gsn}::varchar[], ${latest.bmsSn}::varchar[], ${latest.bmuSn}::varchar[], ${latest.ts}::timestamptz[],
          ${latest.state}::varchar[], ${latest.status}::varchar[], ${latest.soc}::float8[], ${latest.soh}::float8[], ${latest.cycles}::int[], ${latest.voltage}::float8[],
          ${latest.current}::float8[], ${latest.power}::float8[], ${latest.temperature}::float8[], ${latest.charge}::float8[], ${latest.discharge}::float8[],
          ${latest.relayMain}::bool[], ${latest.relayCharge}::bool[], ${latest.relayDischarge}::bool[], ${latest.hw}::varchar[], ${latest.sw}::varchar[],
          ${latest.role}::varchar[], ${latest.workMode}::varchar[])
          as t(sn, gsn, bms, bmu, ts, state, status, soc, soh, cycles, voltage, current, power, temperature, charge, discharge,
               relay_main, relay_charge, relay_discharge, hw, sw, role, work_mode)
        on conflict (battery_sn) do update set
          bms_sn = coalesce(excluded.bms_sn, b.bms_sn), bmu_sn = coalesce(excluded.bmu_sn, b.bmu_sn),
          last_ts = excluded.last_ts, state = excluded.state, status = excluded.status, soc = excluded.soc, soh = excluded.soh,
          cycles = excluded.cycles, voltage = excluded.voltage, current = excluded.current, power = excluded.power,
          temperature = excluded.temperature, charge_energy_today = excluded.charge_energy_today,
          discharge_energy_today = excluded.discharge_energy_today, relay_main = excluded.relay_main,
          relay_charge = excluded.relay_charge, relay_discharge = excluded.relay_discharge,
          hw_version = coalesce(excluded.hw_version, b.hw_version), sw_version = coalesce(excluded.sw_version, b.sw_version),
          role = excluded.role, work_mode = excluded.work_mode
        where b.logger_gsn = excluded.logger_gsn and (b.last_ts is null or excluded.last_ts > b.last_ts)`);

      const result = await tx.execute<{ inserted: number }>(sql`
        with input as (
          select * from unnest(${c.sn}::varchar[], ${c.tz}::varchar[], ${c.ts}::timestamptz[], ${c.state}::varchar[], ${c.status}::varchar[],
            ${c.soc}::float8[], ${c.soh}::float8[], ${c.cycles}::int[], ${c.voltage}::float8[], ${c.current}::float8[], ${c.power}::float8[],
            ${c.temperature}::float8[], ${c.charge}::float8[], ${c.discharge}::float8[], ${c.relayMain}::bool[], ${c.relayCharge}::bool[],
            ${c.relayDischarge}::bool[], ${c.role}::varchar[], ${c.workMode}::varchar[], ${c.cellV}::text[], ${c.cellT}::text[])
            as t(battery_sn, tz, ts, state, status, soc, soh, cycles, voltage, current, power, temperature, charge, discharge,
                 relay_main, relay_charge, relay_discharge, role, work_mode, cell_v, cell_t)
        ),
        inserted as (
          insert into tb_battery_sample (battery_sn, ts, state, status, soc, soh, cycles, voltage, current, power, temperature,
            charge_energy_today, discharge_energy_today, relay_main, relay_charge, relay_discharge, role, work_mode, cell_voltages, cell_temperatures)
          select distinct on (battery_sn, ts) battery_sn, ts, state, status, soc, soh, cycles, voltage, current, power, temperature, charge, discharge,
            relay_main, relay_charge, relay_discharge, role, work_mode, cell_v::real[], cell_t::real[]
          from input
          order by battery_sn, ts
          on conflict do nothing
          returning battery_sn, ts, soc, power, voltage, current, temperature, charge_energy_today, discharge_energy_today
        ),
        zoned as (
          select i.*, z.tz from inserted i join (select distinct battery_sn, tz from input) z using (battery_sn)
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
        select (select count(*) from inserted)::int as inserted, (select count(*) from rolled)::int as buckets`);
      const first = (result as unknown as { rows: { inserted: number }[] }).rows[0];
      return { inserted: Number(first?.inserted ?? 0) };
    });
  },

  /** Makes sure monthly partitions exist from 14 months back to 2 months ahead. */
  async ensurePartitions(): Promise<void> {
    await db.execute(sql`select cs_ensure_sample_partitions((now() - interval '14 months')::date, 17)`);
  },
});

export type SampleRepository = ReturnType<typeof createSampleRepository>;
