import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BinaryCopyWriter } from './copy-binary.js';

// PostgreSQL itself is the judge of the encoding: what it reads back must be what was written.
describe('binary COPY encoding', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = new PGlite();
    await db.exec('create table t (name varchar(40), ts timestamptz, x float8, n int4, flag boolean, cells real[])');
  });
  afterAll(() => db.close());

  const copy = async (writer: BinaryCopyWriter) => {
    await db.exec('truncate t');
    await db.query(`copy t (name, ts, x, n, flag, cells) from '/dev/blob' (format binary)`, [], { blob: new Blob([writer.finish()]) });
    const { rows } = await db.query<{ name: string | null; ts: Date; x: number; n: number; flag: boolean; cells: number[] }>('select * from t order by n');
    return rows;
  };

  it('round-trips text, timestamps, numbers, booleans, arrays and NULL', async () => {
    const ts = Date.UTC(2026, 10, 22, 3, 4, 5, 678);
    const writer = new BinaryCopyWriter(64);
    writer.row(6).text('Ünïcode-电池').timestamptz(ts).float8(-12.345).int4(-7).bool(true).float4Array([3.25, 3.5, -1]);
    writer.row(6).text(null).timestamptz(Date.UTC(1999, 0, 1)).float8(0).int4(2_000_000_000).bool(false).float4Array([]);
    const rows = await copy(writer);
    expect(rows).toEqual([
      { name: 'Ünïcode-电池', ts: new Date(ts), x: -12.345, n: -7, flag: true, cells: [3.25, 3.5, -1] },
      { name: null, ts: new Date(Date.UTC(1999, 0, 1)), x: 0, n: 2_000_000_000, flag: false, cells: [] },
    ]);
  });

  it('grows past its initial size for large batches', async () => {
    const writer = new BinaryCopyWriter(64);
    for (let n = 0; n < 2000; n++) writer.row(6).text(`BAT-${n}`).timestamptz(Date.UTC(2026, 0, 1) + n).float8(n / 3).int4(n).bool(n % 2 === 0).float4Array([n, n + 0.5]);
    const rows = await copy(writer);
    expect(rows).toHaveLength(2000);
    expect(rows[1999]).toEqual({ name: 'BAT-1999', ts: new Date(Date.UTC(2026, 0, 1) + 1999), x: 1999 / 3, n: 1999, flag: false, cells: [1999, 1999.5] });
  });
});
