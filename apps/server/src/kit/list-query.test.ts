import { listQuerySchema } from '@cellsight/contract';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { AppError } from '../lib/errors.js';
import { type ListSpec, buildListQuery, toPage } from './list-query.js';

const spec: ListSpec = {
  columns: {
    username: { column: users.username, type: 'text' },
    status: { column: users.status, type: 'smallint' },
    createTime: { column: users.createTime, type: 'date' },
    email: { column: users.email, type: 'text', sortable: false },
    demo: { column: users.demo, type: 'boolean' },
  },
  defaultSort: { name: 'createTime', order: 'desc' },
  tieBreaker: users.id,
};
const dialect = new PgDialect();
const build = (query: Record<string, string>) => buildListQuery(listQuerySchema.parse(query), spec);
const whereOf = (query: Record<string, string>) => {
  const { where } = build(query);
  return where ? dialect.sqlToQuery(where) : null;
};

describe('buildListQuery', () => {
  it('defaults to page 1 of 10, createTime descending, id as tie-breaker', () => {
    const built = build({});
    expect(built).toMatchObject({ limit: 10, offset: 0, pageNo: 1, pageSize: 10, where: undefined });
    const order = built.orderBy.map((o) => dialect.sqlToQuery(o).sql);
    expect(order).toEqual(['"sys_user"."create_time" desc', '"sys_user"."id" asc']);
  });

  it('binds every filter value as a parameter', () => {
    expect(whereOf({ username: '*o_%*' })).toMatchObject({ sql: '"sys_user"."username" ilike $1', params: ['%o\\_\\%%'] });
    expect(whereOf({ username: 'a,b' })).toMatchObject({ sql: '"sys_user"."username" in ($1, $2)', params: ['a', 'b'] });
    expect(whereOf({ status: 'ge 2' })).toMatchObject({ sql: '"sys_user"."status" >= $1', params: [2] });
    expect(whereOf({ username: "!x' or 1=1 --" })?.params).toEqual(["x' or 1=1 --"]);
  });

  it('reads true/false (or 1/0) for boolean columns and refuses anything else, naming the field', () => {
    expect(whereOf({ demo: 'true' })).toMatchObject({ sql: '"sys_user"."demo" = $1', params: [true] });
    expect(whereOf({ demo: '0' })).toMatchObject({ params: [false] });
    expect(() => build({ demo: 'maybe' })).toThrow(expect.objectContaining({ message: expect.stringContaining('demo') }));
  });

  it('turns date ranges into whole days', () => {
    const where = whereOf({ createTime_begin: '2026-01-01', createTime_end: '2026-01-31' });
    expect(where?.sql).toBe('("sys_user"."create_time" >= $1 and "sys_user"."create_time" <= $2)');
    expect(where?.params.map((p) => new Date(String(p)).toISOString())).toEqual(['2026-01-01T00:00:00.000Z', '2026-01-31T23:59:59.999Z']);
  });

  it('sorts by several columns, stripping _dictText', () => {
    const order = build({ column: 'status_dictText,username', order: 'ASC' }).orderBy.map((o) => dialect.sqlToQuery(o).sql);
    expect(order).toEqual(['"sys_user"."status" asc', '"sys_user"."username" asc', '"sys_user"."id" asc']);
  });

  it('refuses what the list does not declare', () => {
    expect(() => build({ password_hash: 'x' })).toThrow(AppError);
    expect(() => build({ column: 'email' })).toThrow(/cannot sort by "email"/);
    expect(() => build({ status: '*1*' })).toThrow(/text columns only/);
    expect(() => build({ createTime: 'yesterday' })).toThrow(/not a date/);
  });

  it('pages', () => {
    expect(toPage([1, 2], 21, { pageNo: 3, pageSize: 10 })).toEqual({ records: [1, 2], total: 21, size: 10, current: 3, pages: 3 });
    expect(build({ pageNo: '3', pageSize: '20' })).toMatchObject({ limit: 20, offset: 40 });
  });
});
