import { ServerCode, reportEndpoints } from '@cellsight/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stations, tenants } from '../src/db/schema.js';
import { ReportQueryError } from '../src/modules/data-source/index.js';
import { runInSandbox } from '../src/modules/report/report-sandbox.repository.js';
import { readSpreadsheet } from './support/spreadsheet.js';
import { type TestApp, addUser, adminPassword, createTestApp, queryRows } from './support/test-app.js';

/**
 * Online reports: definitions, the report API (spec section 7), its 30 s cache, and the sandbox a
 * report runs in: it can neither write nor read outside the `report` views, nor see another tenant.
 */

const onPostgres = process.env.TEST_DATABASE === 'postgres';
const timeoutMs = 1500;

let t: TestApp;
let admin: string;
let reportId: string;

const api = (url: string, query: Record<string, string> = {}, token = admin) => t.request({ method: 'GET', url: `/boot/online/cgreport/api/${url}`, token, query });
const parseSql = (cgrSql: string) => t.request({ method: 'POST', url: '/boot/online/cgreport/head/parseSql', token: admin, payload: { cgrSql } });
const addReport = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/boot/online/cgreport/head/add', token: admin, payload });
const names = (body: { result: { records: { name: string }[] } }) => body.result.records.map((record) => record.name);

const stationItems = [
  { fieldName: 'id', fieldTxt: 'Id', fieldType: 'String', isShow: 0, isSearch: 0, searchMode: 'single', orderNum: 0, isTotal: 0 },
  { fieldName: 'name', fieldTxt: 'Station', fieldType: 'String', isShow: 1, isSearch: 1, searchMode: 'single', orderNum: 1, isTotal: 0 },
  { fieldName: 'region', fieldTxt: 'Region', fieldType: 'String', isShow: 1, isSearch: 1, searchMode: 'single', orderNum: 2, isTotal: 0 },
  { fieldName: 'status', fieldTxt: 'Status', fieldType: 'Integer', isShow: 1, isSearch: 1, searchMode: 'single', dictCode: 'station_status', orderNum: 3, isTotal: 0 },
  { fieldName: 'lat', fieldTxt: 'Latitude', fieldType: 'Double', isShow: 1, isSearch: 1, searchMode: 'group', orderNum: 4, isTotal: 1 },
];

beforeAll(async () => {
  t = await createTestApp({ REPORT_TIMEOUT_MS: String(timeoutMs), SECRET_KEY: 'a-test-secret-key-of-some-length' });
  admin = await t.login('admin', adminPassword);
  await t.app.db.insert(tenants).values({ id: 2, name: 'Another company' });
  await t.app.db.insert(stations).values([
    { id: 'st-alpha', tenantId: 1, name: 'Alpha', region: 'North', status: 2, lat: 10 },
    { id: 'st-beta', tenantId: 1, name: 'Beta', region: 'South', status: 0, lat: 20 },
    { id: 'st-gamma', tenantId: 1, name: 'Gamma', region: 'North', status: 3, lat: 30 },
    { id: 'st-delta', tenantId: 1, name: 'Delta', region: 'East', status: 2, lat: 40 },
    { id: 'st-foreign', tenantId: 2, name: 'Foreign', region: 'North', status: 2, lat: 15 },
  ]);
  const added = await addReport({
    code: 'rp_stations',
    name: 'Stations by status',
    cgrSql: 'select id, name, region, status, lat from report.stations where status >= ${minStatus} -- a trailing comment',
    items: stationItems,
    params: [{ paramName: 'minStatus', paramTxt: 'Lowest status', paramValue: '0' }],
  });
  expect(added.statusCode, added.body).toBe(200);
  reportId = added.json().result;
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

describe('report definitions', () => {
  it('keeps items and params with the head, refuses a taken code and a malformed SQL naming the field', async () => {
    const one = (await t.request({ method: 'GET', url: '/boot/online/cgreport/head/queryById', token: admin, query: { id: reportId } })).json().result;
    expect(one).toMatchObject({ code: 'rp_stations', dbSource: null, params: [{ paramName: 'minStatus', paramValue: '0' }] });
    expect(one.items.map((item: { fieldName: string }) => item.fieldName)).toEqual(['id', 'name', 'region', 'status', 'lat']);
    const taken = await addReport({ code: 'rp_stations', name: 'Again', cgrSql: 'select 1 as one' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().result.errors).toEqual([{ field: 'code', message: 'already exists' }]);
    const twice = await addReport({ code: 'rp_twice', name: 'Twice', cgrSql: 'select 1 as one', items: [stationItems[1], stationItems[1]] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().result.errors[0].field).toMatch(/^items/);
    const missingSource = await addReport({ code: 'rp_elsewhere', name: 'Elsewhere', cgrSql: 'select 1 as one', dbSource: 'nowhere' });
    expect(missingSource.json().result.errors).toEqual([{ field: 'dbSource', message: 'no data source has the code nowhere' }]);
  });

  it('parses a query into its columns with their types and its ${name} parameters, without running it on rows', async () => {
    const parsed = await parseSql("select name, status, lat, create_time, create_time::date as day from report.stations where region = '${region}' and status > ${minStatus}");
    expect(parsed.json().result).toEqual({
      columns: [
        { fieldName: 'name', fieldType: 'String' },
        { fieldName: 'status', fieldType: 'Integer' },
        { fieldName: 'lat', fieldType: 'Double' },
        { fieldName: 'create_time', fieldType: 'Datetime' },
        { fieldName: 'day', fieldType: 'Date' },
      ],
      params: ['region', 'minStatus'],
    });
  });
});

describe('the report sandbox', () => {
  const refusedSql = [
    ['an insert', "insert into sys_user (id, username) values ('x', 'intruder')"],
    ['an update', "update sys_user set realname = 'pwned'"],
    ['a delete', 'delete from sys_user'],
    ['a create table', 'create table stolen (a int)'],
    ['set role', 'set role postgres'],
    ['a second statement', 'select 1 as one; delete from sys_user'],
    ['a second statement after a literal', "select ';' as one; update sys_user set realname = 'pwned'"],
    ['a write inside a query', 'with gone as (delete from sys_user returning id) select * from gone'],
    ['a write through a function', "select * from report.stations where (select count(*) from (select set_config('role', 'postgres', true)) s) > 0"],
    ['reading a table', 'select username, realname from sys_user'],
    ['reading a table by its schema', 'select * from public.sys_user'],
    ['reading another table joined to a view', 'select s.name, u.username from report.stations s join sys_user u on true'],
    ['reading a server file', "select pg_read_file('/etc/passwd')"],
    ['holding a connection', 'select pg_sleep(60)'],
    ['a numbered parameter', 'select * from report.stations where name = $1'],
  ] as const;

  it.each(refusedSql)('refuses %s with a 400 naming cgrSql, and nothing changes', async (_what, cgrSql) => {
    const before = await queryRows<{ count: number; realnames: string }>(t, sql`select count(*)::int as count, string_agg(realname, ',' order by id) as realnames from sys_user`);
    const started = Date.now();
    const response = await parseSql(cgrSql);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: ServerCode.INCORRECT_PARAMETER });
    expect(response.json().result.errors[0].field).toBe('cgrSql');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await queryRows(t, sql`select count(*)::int as count, string_agg(realname, ',' order by id) as realnames from sys_user`)).toEqual(before);
    expect(await queryRows(t, sql`select to_regclass('public.stolen') as stolen`)).toEqual([{ stolen: null }]);
  });

  it('refuses a saved report that reads outside its views when it runs, naming cgrSql', async () => {
    // Saved before the table check could be made: the definition only checks the form of the SQL.
    const added = await addReport({ code: 'rp_users', name: 'Users', cgrSql: 'select username, realname from sys_user' });
    const response = await api(`getData/${added.json().result}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().result.errors[0]).toMatchObject({ field: 'cgrSql', message: expect.stringMatching(/permission denied/) });
  });

  // The sandbox itself, without the service's checks of the SQL's form: the database refuses.
  const refusedBySandbox = [
    ['insert', "insert into sys_user (id, username, realname) values ('x', 'intruder', 'x')", []],
    ['update', "update sys_user set realname = 'pwned' where $1::int = 1", [1]],
    ['create table', 'create table stolen (a int)', []],
    ['read a table', 'select username from sys_user where $1::int = 1', [1]],
    ['read a file', "select pg_read_file('/etc/passwd') where $1::int = 1", [1]],
    ['two statements', 'select $1::int; delete from sys_user', [1]],
    ['set_config', "select set_config('cellsight.report_tenants', '1,2', true) where $1::int = 1", [1]],
    ['set_config spelled at run time', "select query_to_xml('select set' || '_config(''role'', current_setting(''is_superuser''), true)', true, false, '') where $1::int = 1", [1]],
    ['take the connection’s role back', "select query_to_xml('select set' || '_config(''role'', ''none'', true)', true, false, '') as x, query_to_xml('select username from sys_user', true, false, '') as y where $1::int = 1", [1]],
  ] as const;

  it.each(refusedBySandbox)('refuses to %s even when asked directly', async (_what, text, params) => {
    await expect(runInSandbox(t.app.reportDatabase, [1], timeoutMs, [{ text, params: [...params] }])).rejects.toBeInstanceOf(ReportQueryError);
    expect(await queryRows(t, sql`select count(*)::int as count from sys_user where username = 'intruder' or realname = 'pwned'`)).toEqual([{ count: 0 }]);
  });

  it('stays off while the report role may call set_config, saying what a superuser must revoke', async () => {
    await t.app.db.execute(sql`grant execute on function pg_catalog.set_config(text, text, boolean) to cellsight_report`);
    try {
      const response = await api(`getData/${reportId}`, { _t: String(Date.now()), pageSize: '7' });
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json().message).toMatch(/REVOKE EXECUTE ON FUNCTION pg_catalog\.set_config/);
    } finally {
      await t.app.db.execute(sql`revoke execute on function pg_catalog.set_config(text, text, boolean) from cellsight_report`);
    }
    expect((await api(`getData/${reportId}`, { pageSize: '7' })).statusCode).toBe(200);
  });

  it('shows only the caller’s tenants: the views answer nothing of another tenant, and nothing outside the sandbox', async () => {
    const all = (await api(`getData/${reportId}`, { pageSize: '100' })).json();
    expect(all.result.total).toBe(4);
    expect(names(all)).not.toContain('Foreign');
    const [result] = await runInSandbox(t.app.reportDatabase, [2], timeoutMs, [{ text: 'select name from report.stations where $1::int = 1', params: [1] }]);
    expect(result?.rows).toEqual([{ name: 'Foreign' }]);
    // Read without the sandbox's setting (by the platform itself), the views are empty.
    expect(await queryRows(t, sql`select count(*)::int as count from report.stations`)).toEqual([{ count: 0 }]);
  });

  it.skipIf(!onPostgres)('stops a query at the statement timeout', async () => {
    const added = await addReport({ code: 'rp_slow', name: 'Slow', cgrSql: 'select count(*) as n from generate_series(1, 10000000000) a' });
    const started = Date.now();
    const response = await api(`getData/${added.json().result}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().result.errors[0]).toMatchObject({ field: 'cgrSql', message: expect.stringMatching(/statement timeout/) });
    expect(Date.now() - started).toBeLessThan(timeoutMs + 5000);
  });
});

describe('the report API', () => {
  it('answers the shown columns with dictionary options, the search items and the params', async () => {
    const columns = (await t.call(reportEndpoints.columns, { token: admin, params: { code: 'rp_stations' } })).envelope.result;
    expect(columns).toMatchObject({ cgRpConfigId: reportId, cgRpConfigName: 'Stations by status', isGroupTitle: false, fieldHrefSlots: [] });
    expect(columns.columns).toEqual([
      { title: 'Station', dataIndex: 'name', fieldType: 'String', align: 'center', sorter: 'true', isTotal: '0' },
      { title: 'Region', dataIndex: 'region', fieldType: 'String', align: 'center', sorter: 'true', isTotal: '0' },
      { title: 'Status', dataIndex: 'status', fieldType: 'Integer', align: 'center', sorter: 'true', isTotal: '0', customRender: 'status' },
      { title: 'Latitude', dataIndex: 'lat', fieldType: 'Double', align: 'center', sorter: 'true', isTotal: '1' },
    ]);
    expect(columns.dictOptions.status).toContainEqual({ value: '2', text: 'Normal' });
    const german = (await t.request({ method: 'GET', url: '/boot/online/cgreport/api/getRpColumns/rp_stations', token: admin, headers: { 'accept-language': 'de-DE' } })).json().result;
    expect(german.dictOptions.status).toContainEqual({ value: '0', text: 'Störung' });
    expect((await t.call(reportEndpoints.columns, { token: admin, params: { code: 'nope' } })).statusCode).toBe(404);

    expect((await t.call(reportEndpoints.queryInfo, { token: admin, params: { configId: reportId } })).envelope.result).toEqual([
      { label: 'Station', field: 'name', view: 'string', mode: 'single' },
      { label: 'Region', field: 'region', view: 'string', mode: 'single' },
      { label: 'Status', field: 'status', view: 'list', mode: 'single', dictCode: 'station_status', hidden: '1' },
      { label: 'Latitude', field: 'lat', view: 'double', mode: 'group', hidden: '1' },
    ]);
    expect((await t.call(reportEndpoints.paramsInfo, { token: admin, params: { configId: reportId } })).envelope.result).toEqual([{ paramName: 'minStatus', paramTxt: 'Lowest status', paramValue: '0' }]);
  });

  it('pages and sorts by a declared column only', async () => {
    const page = async (pageNo: number) => (await t.call(reportEndpoints.data, { token: admin, params: { configId: reportId }, query: { pageNo, pageSize: 3, column: 'name', order: 'asc' } })).envelope.result;
    const first = await page(1);
    expect(first.total).toBe(4);
    expect(first.records.map((record) => record.name)).toEqual(['Alpha', 'Beta', 'Delta']);
    expect(first.records[0]).toEqual({ id: 'st-alpha', name: 'Alpha', region: 'North', status: 2, lat: 10 });
    expect((await page(2)).records.map((record) => record.name)).toEqual(['Gamma']);
    expect(names(await (await api(`getData/${reportId}`, { column: 'lat', order: 'desc' })).json())).toEqual(['Delta', 'Gamma', 'Beta', 'Alpha']);
    const injected = await api(`getData/${reportId}`, { column: 'name; drop table sys_user' });
    expect(injected.statusCode).toBe(400);
    expect(injected.json().result.errors[0].field).toBe('column');
    const undeclared = await api(`getData/${reportId}`, { column: 'create_time' });
    expect(undeclared.json().result.errors[0].field).toBe('column');
  });

  it('searches by the list rules: wildcards, operators, dictionary values and ranges', async () => {
    const search = async (query: Record<string, string>) => names((await api(`getData/${reportId}`, { column: 'name', order: 'asc', ...query })).json());
    expect(await search({ name: '*ta*' })).toEqual(['Beta', 'Delta']);
    expect(await search({ name: 'alp*' })).toEqual(['Alpha']);
    expect(await search({ region: 'North' })).toEqual(['Alpha', 'Gamma']);
    expect(await search({ region: '!North' })).toEqual(['Beta', 'Delta']);
    expect(await search({ status: '0,3' })).toEqual(['Beta', 'Gamma']);
    expect(await search({ lat_begin: '15', lat_end: '35' })).toEqual(['Beta', 'Gamma']);
    const bad = await api(`getData/${reportId}`, { lat_begin: 'north' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result.errors).toEqual([{ field: 'lat_begin', message: 'must be a number' }]);
  });

  it('fills ${param} from self_<param>, then <param>, then the default, always as a bound value', async () => {
    const search = async (query: Record<string, string>) => names((await api(`getData/${reportId}`, { column: 'name', order: 'asc', ...query })).json());
    expect(await search({})).toEqual(['Alpha', 'Beta', 'Delta', 'Gamma']);
    expect(await search({ minStatus: '3' })).toEqual(['Gamma']);
    expect(await search({ minStatus: '3', self_minStatus: '2' })).toEqual(['Alpha', 'Delta', 'Gamma']);
    const injected = await api(`getData/${reportId}`, { self_minStatus: '0 or 1=1' });
    expect(injected.statusCode).toBe(400);
    expect(injected.json().result.errors[0].field).toBe('cgrSql');

    const byName = await addReport({
      code: 'rp_by_name',
      name: 'One station',
      cgrSql: "select name from report.stations where name = '${station}'",
      items: [stationItems[1]],
      params: [{ paramName: 'station', paramTxt: 'Station' }],
    });
    const id = byName.json().result;
    expect(names((await api(`getData/${id}`, { self_station: 'Alpha' })).json())).toEqual(['Alpha']);
    expect((await api(`getData/${id}`, { self_station: "x' or '1'='1" })).json().result).toEqual({ total: 0, records: [] });
    expect((await api(`getData/${id}`, { self_station: "Alpha'; delete from sys_user; --" })).json().result.total).toBe(0);
  });

  it('keeps an answer 30 s: a change within them is not seen, after them it is', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const query = { name: 'Alpha', pageSize: '7' };
    expect(names((await api(`getData/${reportId}`, query)).json())).toEqual(['Alpha']);
    await t.app.db.update(stations).set({ name: 'Alpha' + ' II' }).where(eq(stations.id, 'st-alpha'));
    vi.setSystemTime(Date.now() + 29_000);
    // The console adds a cache-busting `_t` to every call: still the same question.
    expect(names((await api(`getData/${reportId}`, { ...query, _t: String(Date.now()) })).json())).toEqual(['Alpha']);
    vi.setSystemTime(Date.now() + 2_000);
    expect((await api(`getData/${reportId}`, query)).json().result.total).toBe(0);
    expect(names((await api(`getData/${reportId}`, { name: 'Alpha II' })).json())).toEqual(['Alpha II']);
    await t.app.db.update(stations).set({ name: 'Alpha' }).where(eq(stations.id, 'st-alpha'));
  });

  it('forgets a report’s answers when the report is edited', async () => {
    const query = { region: 'East', pageSize: '9' };
    expect(names((await api(`getData/${reportId}`, query)).json())).toEqual(['Delta']);
    const edited = await t.request({ method: 'PUT', url: '/boot/online/cgreport/head/edit', token: admin, payload: { id: reportId, cgrSql: "select id, upper(name) as name, region, status, lat from report.stations where status >= ${minStatus}" } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(names((await api(`getData/${reportId}`, query)).json())).toEqual(['DELTA']);
    await t.request({ method: 'PUT', url: '/boot/online/cgreport/head/edit', token: admin, payload: { id: reportId, cgrSql: 'select id, name, region, status, lat from report.stations where status >= ${minStatus}' } });
  });

  it('exports the searched report with headings from field_txt and dictionary texts', async () => {
    const response = await t.request({ method: 'GET', url: `/boot/online/cgreport/api/exportXls/${reportId}`, token: admin, query: { region: 'North', column: 'name', order: 'asc' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain('Stations%20by%20status');
    expect(await readSpreadsheet(response.rawPayload)).toEqual([
      ['Station', 'Region', 'Status', 'Latitude'],
      ['Alpha', 'North', 'Normal', 10],
      ['Gamma', 'North', 'Offline', 30],
    ]);
  });

  it('lets only holders of online:report:view run reports', async () => {
    await addUser(t, admin, { username: 'enduser1', selectedroles: 'r-end-user' });
    const user = await t.login('enduser1', 'Passw0rd1');
    expect((await api(`getData/${reportId}`, {}, user)).statusCode).toBe(403);
    expect((await api('getRpColumns/rp_stations', {}, user)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/boot/online/cgreport/api/getData/x' })).statusCode).toBe(401);
  });
});
