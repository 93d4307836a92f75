import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDataError, uniqueViolation } from './database-errors.js';
import { PgliteThread } from './pglite-thread.js';

/** The embedded database in its own thread answers as PGlite does, one caller at a time. */
describe('PgliteThread', () => {
  let database: PgliteThread;
  beforeAll(async () => {
    database = new PgliteThread(null);
    await database.waitReady;
    await database.query('create table item (id int primary key, name text not null, at timestamptz)');
  });
  afterAll(() => database.close());

  it('answers rows as objects or arrays, leaving the columns asked for as text', async () => {
    await database.query('insert into item values ($1, $2, $3)', [1, 'one', new Date('2026-01-02T03:04:05Z')]);
    const objects = await database.query<{ id: number; name: string; at: Date }>('select * from item where id = $1', [1]);
    expect(objects.rows).toEqual([{ id: 1, name: 'one', at: new Date('2026-01-02T03:04:05Z') }]);
    expect(objects.fields.map((field) => field.name)).toEqual(['id', 'name', 'at']);
    const arrays = await database.query<unknown[]>('select id, at from item', [], { rowMode: 'array', parsers: { 1184: (value: string) => value } });
    expect(arrays.rows).toEqual([[1, '2026-01-02 03:04:05+00']]);
  });

  it('commits a transaction, and rolls back one that throws', async () => {
    await database.transaction(async (tx) => {
      await tx.query('insert into item values (2, $1)', ['two']);
    });
    await expect(
      database.transaction(async (tx) => {
        await tx.query('insert into item values (3, $1)', ['three']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await database.query<{ id: number }>('select id from item order by id')).rows).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it("refuses a statement with PostgreSQL's fields, as PGlite does", async () => {
    const refusal = await database.query('insert into item values (1, $1)', ['again']).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(Error);
    expect(refusal).toMatchObject({ code: '23505', constraint: 'item_pkey' });
    expect(uniqueViolation(refusal, 'item_pkey')).toBe(true);
    expect(isDataError(refusal)).toBe(true);
  });

  it('holds the database for a transaction: statements of others wait until it commits', async () => {
    let seen: number | null = null;
    let seenInside: number | null | undefined;
    let reader: Promise<unknown> = Promise.resolve();
    const transaction = database.transaction(async (tx) => {
      await tx.query('insert into item values (10, $1)', ['ten']);
      reader = database.query<{ count: number }>('select count(*)::int as count from item where id = 10').then((result) => (seen = result.rows[0]?.count ?? null));
      // Past the reader's sending, were it not held back; then a statement of the transaction's own. The
      // thread answers in order, so a reader not held back would have had its answer before this one.
      await new Promise((resolve) => setImmediate(resolve));
      await tx.query('select 1');
      seenInside = seen;
    });
    await transaction;
    expect(seenInside).toBeNull();
    await reader;
    expect(seen).toBe(1);
  });

  it('copies binary COPY data from a blob', async () => {
    await database.query('create table copied (n int4)');
    // PGCOPY header, one row of one int4 field (42), trailer.
    const header = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);
    const row = Buffer.alloc(10);
    row.writeInt16BE(1, 0);
    row.writeInt32BE(4, 2);
    row.writeInt32BE(42, 6);
    const trailer = Buffer.from([0xff, 0xff]);
    await database.transaction((tx) => tx.query("copy copied from '/dev/blob' (format binary)", [], { blob: new Blob([Buffer.concat([header, row, trailer])]) }));
    expect((await database.query('select n from copied')).rows).toEqual([{ n: 42 }]);
  });

  it('runs a bulk script whole in its thread: setup once, COPY and statements in one transaction, all or nothing', async () => {
    const setup = 'create temporary table if not exists scripted (n int4) on commit delete rows';
    const header = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);
    const rowOf = (n: number) => {
      const row = Buffer.alloc(10);
      row.writeInt16BE(1, 0);
      row.writeInt32BE(4, 2);
      row.writeInt32BE(n, 6);
      return row;
    };
    const copyOf = (...numbers: number[]) => Buffer.concat([header, ...numbers.map(rowOf), Buffer.from([0xff, 0xff])]);
    const moved = await database.script([
      { once: setup },
      { copy: 'scripted (n)', data: copyOf(20, 21) },
      { query: 'insert into item (id, name) select n, $1 from scripted returning id', params: ['copied'] },
    ]);
    expect(moved).toEqual([{ id: 20 }, { id: 21 }]);
    // The second script finds the temporary table made by the first (its setup is not sent again);
    // its second row repeats a key, so none of its rows stay.
    const refused = await database.script([{ once: setup }, { copy: 'scripted (n)', data: copyOf(22, 20) }, { query: 'insert into item (id, name) select n, $1 from scripted', params: ['again'] }]).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: '23505' });
    expect((await database.query<{ id: number }>('select id from item where id >= 20 order by id')).rows).toEqual([{ id: 20 }, { id: 21 }]);
  });

  it('dumps its data folder, which another database starts from', async () => {
    const copy = new PgliteThread(null, { loadDataDir: await database.dumpDataDir() });
    await copy.waitReady;
    expect((await copy.query<{ name: string }>('select name from item where id = 2')).rows).toEqual([{ name: 'two' }]);
    await copy.close();
  });
});
