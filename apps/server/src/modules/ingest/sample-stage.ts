import type { BatterySample } from '@cellsight/contract';
import { BinaryCopyWriter } from '../../db/copy-binary.js';

/**
 * The layout of the staging table a telemetry batch is copied into (binary COPY), and its
 * encoders. A sample's own columns are encoded where the message is checked, possibly in a
 * decoder thread (telemetry-decoder.ts); the batch adds, per row, what only the main thread
 * knows: the logger, its time zone and whether the row is its battery's newest in the batch.
 */
export const stageTable = 'cs_sample_stage';

/** Columns the batch writes for each row, before the sample's own. */
const batchColumns = [
  ['logger_gsn', 'varchar(32)'],
  ['tz', 'text'],
  ['latest', 'boolean'],
] as const;

/** A sample's own columns, in the order `encodeSampleFields` writes them. */
const sampleColumns = [
  ['battery_sn', 'varchar(40)'],
  ['ts', 'timestamptz'],
  ['state', 'varchar(16)'],
  ['status', 'varchar(16)'],
  ['soc', 'float8'],
  ['soh', 'float8'],
  ['cycles', 'int4'],
  ['voltage', 'float8'],
  ['current', 'float8'],
  ['power', 'float8'],
  ['temperature', 'float8'],
  ['charge', 'float8'],
  ['discharge', 'float8'],
  ['relay_main', 'boolean'],
  ['relay_charge', 'boolean'],
  ['relay_discharge', 'boolean'],
  ['role', 'varchar(16)'],
  ['work_mode', 'varchar(32)'],
  ['cell_v', 'real[]'],
  ['cell_t', 'real[]'],
  ['bms_sn', 'varchar(40)'],
  ['bmu_sn', 'varchar(40)'],
  ['hw', 'varchar(32)'],
  ['sw', 'varchar(32)'],
] as const;

const stageColumns = [...batchColumns, ...sampleColumns];

/** Temporary (never written to the WAL) and emptied at every commit; one per connection. */
export const createStage = `create temporary table if not exists ${stageTable} (${stageColumns.map(([name, type]) => `${name} ${type}`).join(', ')}) on commit delete rows`;
export const copyTarget = `${stageTable} (${stageColumns.map(([name]) => name).join(', ')})`;

/** A checked sample ready for a batch: its logger, and its own columns already encoded. */
export interface SampleRow {
  gsn: string;
  timezone: string;
  batterySn: string;
  /** Milliseconds since the Unix epoch. */
  ts: number;
  /** The sample's columns as binary COPY fields (`encodeSampleFields`). */
  fields: Uint8Array;
}

/** Appends a sample's own columns, in `sampleColumns` order, to a `fieldsOnly` writer. */
export function encodeSampleFields(writer: BinaryCopyWriter, s: BatterySample): void {
  writer
    .text(s.batterySn)
    .timestamptz(s.ts)
    .text(s.state)
    .text(s.status)
    .float8(s.soc)
    .float8(s.soh)
    .int4(s.cycles)
    .float8(s.voltage)
    .float8(s.current)
    .float8(s.power)
    .float8(s.temperature)
    .float8(s.chargeEnergyToday)
    .float8(s.dischargeEnergyToday)
    .bool(s.relays.main)
    .bool(s.relays.charge)
    .bool(s.relays.discharge)
    .text(s.role)
    .text(s.workMode)
    .float4Array(s.cellVoltages)
    .float4Array(s.cellTemperatures)
    .text(s.bmsSn)
    .text(s.bmuSn)
    .text(s.hwVersion)
    .text(s.swVersion);
}

/**
 * The batch in binary COPY format, in `stageColumns` order. `latest` marks the newest sample of
 * each battery in the batch, the one that becomes the battery's current reading.
 */
export function encodeStage(rows: readonly SampleRow[]): Buffer {
  const newest = new Map<string, number>();
  rows.forEach(({ batterySn, ts }, index) => {
    const current = newest.get(batterySn);
    if (current === undefined || ts > (rows[current] as SampleRow).ts) newest.set(batterySn, index);
  });
  let bytes = 0;
  for (const row of rows) bytes += row.fields.length + 64;
  const writer = new BinaryCopyWriter(bytes + 64);
  rows.forEach(({ gsn, timezone, batterySn, fields }, index) => {
    writer
      .row(stageColumns.length)
      .text(gsn)
      .text(timezone)
      .bool(newest.get(batterySn) === index)
      .raw(fields);
  });
  return writer.finish();
}
