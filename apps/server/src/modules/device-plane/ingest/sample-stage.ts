import type { BatterySample } from '@cellsight/contract';
import { BinaryCopyWriter } from '../../../db/copy-binary.js';

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

/** Half the smallest 4-byte float: anything closer to 0 is 0 as a `real`. */
const halfSmallestReal = 2 ** -150;

/**
 * A measurement bound for a `real` column of the sample table, as the nearest value one holds.
 * PostgreSQL refuses a float8 so small that it becomes 0 as a real ("value out of range:
 * underflow", `soc: 5e-324`), failing the whole batch, instead of storing the 0; the contract
 * allows the value (it is in range) and samples are stored at 4-byte precision (device protocol
 * 4.1), as the cell arrays already are (`float4Array` rounds). One comparison for ordinary values.
 */
const asReal = (value: number): number => (value <= halfSmallestReal && value >= -halfSmallestReal ? 0 : value);

/** Appends a sample's own columns, in `sampleColumns` order, to a `fieldsOnly` writer. */
export function encodeSampleFields(writer: BinaryCopyWriter, s: BatterySample): void {
  writer
    .text(s.batterySn)
    .timestamptz(s.ts)
    .text(s.state)
    .text(s.status)
    .float8(asReal(s.soc))
    .float8(asReal(s.soh))
    .int4(s.cycles)
    .float8(asReal(s.voltage))
    .float8(asReal(s.current))
    .float8(asReal(s.power))
    .float8(asReal(s.temperature))
    .float8(asReal(s.chargeEnergyToday))
    .float8(asReal(s.dischargeEnergyToday))
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
