import { DataLogTable, ServerCode, dataLogEndpoints, loggerPlacementEndpoints, roleEndpoints } from '@cellsight/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, addUser, adminPassword, createTestApp, moveToTenant, queryRows } from './support/test-app.js';

/**
 * The data log (System → Data log): each kind of logged change (station, logger, battery setting,
 * user, role) writes one entry with who, when, before and after; a refused change writes none; an
 * administrator of one tenant sees only its tenant's entries; versions of a record compare side by side.
 */
let t: TestApp;
let admin: string;
let otherAdmin: string;
const gsn = 'DLOG-GW-0001';
const key = 'data-log-key-0001';

interface Entry {
  id: string;
  dataTable: string;
  dataId: string;
  dataVersion: number;
  action: string;
  dataContent: Record<string, unknown> | null;
  dataBefore: Record<string, unknown> | null;
  createBy: string | null;
  tenantId: number | null;
}

const call = async (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => t.request({ method, url: `/boot${url}`, token, ...(payload ? { payload } : {}) });
const entriesOf = async (token: string, dataTable: string, dataId?: string): Promise<Entry[]> => {
  const query = new URLSearchParams({ dataTable, pageSize: '100', column: 'dataVersion', order: 'asc', ...(dataId ? { dataId } : {}) });
  const body = (await call(token, 'GET', `/sys/dataLog/list?${query.toString()}`)).json();
  expect(body, body.message).toMatchObject({ success: true });
  return body.result.records as Entry[];
};
const countAll = async () => Number((await queryRows<{ n: string }>(t, sql`select count(*) as n from sys_data_log`))[0]?.n);

let stationId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', adminPassword);
  expect((await call(admin, 'POST', '/want/logger/registerBatch', { loggers: [{ gsn, key }] })).json()).toMatchObject({ success: true });
  const station = (await call(admin, 'POST', '/want/tbStation/add_station?from=EUR', { name: 'Logged storage', logger: JSON.stringify([{ gsn, key, product_code: 'PC-DLOG-0001' }]) })).json();
  expect(station, station.message).toMatchObject({ success: true });
  stationId = station.message as string;
  await t.app.db.execute(sql`insert into tb_battery (battery_sn, logger_gsn, last_ts, soc) values ('DLOG-PACK-1', ${gsn}, now(), 50)`);

  const otherId = await addUser(t, admin, { username: 'dlog_admin2', selectedroles: 'r-admin' });
  await moveToTenant(t, otherId, 2);
  otherAdmin = await t.login('dlog_admin2', 'Passw0rd1');
}, 60_000);
afterAll(() => t?.close());

describe('each kind of change writes one entry with who, before and after', () => {
  it('a station: added, edited (before and after), deleted', async () => {
    const [added] = await entriesOf(admin, DataLogTable.Station, stationId);
    expect(added).toMatchObject({ action: 'add', dataVersion: 1, createBy: 'admin', dataBefore: null, tenantId: 1 });
    expect(added?.dataContent).toMatchObject({ id: stationId, name: 'Logged storage' });

    const edited = await call(admin, 'PUT', '/want/tbStation/edit', { id: stationId, name: 'Logged storage east' });
    expect(edited.json()).toMatchObject({ success: true });
    const entries = await entriesOf(admin, DataLogTable.Station, stationId);
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({ action: 'edit', dataVersion: 2, createBy: 'admin' });
    expect(entries[1]?.dataBefore).toMatchObject({ name: 'Logged storage' });
    expect(entries[1]?.dataContent).toMatchObject({ name: 'Logged storage east' });
  });

  it('a logger: registered (its key left out), its alias changed, taken off its station', async () => {
    const before = await entriesOf(admin, DataLogTable.Logger, gsn);
    expect(before[0]).toMatchObject({ action: 'add', createBy: 'admin' });
    expect(JSON.stringify(before)).not.toContain(key);
    // Bound by the station wizard: the logger's station changed.
    expect(before[1]).toMatchObject({ action: 'edit', dataBefore: { stationId: null }, dataContent: { stationId } });

    expect((await t.call(loggerPlacementEndpoints.editAlias, { token: admin, body: { gsn, alias: 'Roof' } })).envelope).toMatchObject({ success: true });
    const aliased = (await entriesOf(admin, DataLogTable.Logger, gsn)).at(-1);
    expect(aliased).toMatchObject({ action: 'edit', dataBefore: { alias: null }, dataContent: { alias: 'Roof' } });

    expect((await t.call(loggerPlacementEndpoints.unbind, { token: admin, body: { gsn } })).envelope).toMatchObject({ success: true });
    const unbound = (await entriesOf(admin, DataLogTable.Logger, gsn)).at(-1);
    expect(unbound).toMatchObject({ action: 'edit', dataBefore: { stationId }, dataContent: { stationId: null } });

    // The station, now without loggers, can go: its deletion keeps what it was.
    expect((await call(admin, 'DELETE', `/want/tbStation/delete?id=${stationId}`)).json()).toMatchObject({ success: true });
    const deleted = (await entriesOf(admin, DataLogTable.Station, stationId)).at(-1);
    expect(deleted).toMatchObject({ action: 'delete', dataContent: null, dataBefore: { id: stationId, name: 'Logged storage east' } });
  });

  it('a battery setting: the values requested, each one following the last', async () => {
    await t.app.db.execute(sql`update tb_logger set online = true where gsn = ${gsn}`);
    for (const eod of [46, 47]) {
      const response = await call(admin, 'POST', '/want/device/operate', { gsno: gsn, op: 'settings', batterySn: 'DLOG-PACK-1', val: JSON.stringify({ eod }) });
      expect(response.json(), response.body).toMatchObject({ success: true });
    }
    const entries = await entriesOf(admin, DataLogTable.BatterySetting, 'DLOG-PACK-1');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ dataVersion: 1, dataBefore: null, dataContent: { batterySn: 'DLOG-PACK-1', settings: { eod: 46 } }, createBy: 'admin' });
    expect(entries[1]).toMatchObject({ dataVersion: 2, dataBefore: { settings: { eod: 46 } }, dataContent: { settings: { eod: 47 } } });
  });

  it('a user: added, edited and deleted, never with the password hash', async () => {
    const id = await addUser(t, admin, { username: 'datalog_user', realname: 'First Name' });
    expect((await call(admin, 'PUT', '/sys/user/edit', { id, realname: 'Second Name' })).json()).toMatchObject({ success: true });
    expect((await call(admin, 'DELETE', `/sys/user/delete?id=${id}`)).json()).toMatchObject({ success: true });
    const entries = await entriesOf(admin, DataLogTable.User, id);
    expect(entries.map((e) => e.action)).toEqual(['add', 'edit', 'delete']);
    expect(entries[1]).toMatchObject({ dataBefore: { realname: 'First Name' }, dataContent: { realname: 'Second Name' }, createBy: 'admin', tenantId: 1 });
    expect(JSON.stringify(entries)).not.toMatch(/passwordHash|argon2/);
  });

  it('a role: added, edited and deleted', async () => {
    const added = (await call(admin, 'POST', '/sys/role/add', { roleName: 'Logged role', roleCode: 'logged_role' })).json();
    expect(added, added.message).toMatchObject({ success: true });
    const id = added.result as string;
    expect((await call(admin, 'PUT', '/sys/role/edit', { id, roleName: 'Logged role 2' })).json()).toMatchObject({ success: true });
    const granted = await t.call(roleEndpoints.saveGrants, { token: admin, body: { roleId: id, permissionIds: 'm-site,b-station-list' } });
    expect(granted.envelope, granted.response.body).toMatchObject({ success: true });
    expect((await call(admin, 'DELETE', `/sys/role/delete?id=${id}`)).json()).toMatchObject({ success: true });
    const entries = await entriesOf(admin, DataLogTable.Role, id);
    expect(entries.map((e) => e.action)).toEqual(['add', 'edit', 'edit', 'delete']);
    expect(entries[2]).toMatchObject({ dataBefore: { permissionIds: [] }, dataContent: { permissionIds: ['b-station-list', 'm-site'] } });
    expect(entries[1]).toMatchObject({ dataBefore: { roleName: 'Logged role' }, dataContent: { roleName: 'Logged role 2' } });
  });
});

describe('refused changes write nothing', () => {
  it('an invalid station edit, a taken user name, an out-of-range setting and the built-in role leave the log as it was', async () => {
    const before = await countAll();
    expect((await call(admin, 'PUT', '/want/tbStation/edit', { id: 'no-such-station', name: 'Nowhere station' })).statusCode).toBe(404);
    expect((await call(admin, 'POST', '/sys/user/add', { username: 'admin', realname: 'Again', password: 'Passw0rd1' })).statusCode).toBe(400);
    const setting = await call(admin, 'POST', '/want/device/operate', { gsno: gsn, op: 'settings', batterySn: 'DLOG-PACK-1', val: JSON.stringify({ eod: 99 }) });
    expect(setting.json()).toMatchObject({ success: false, code: ServerCode.OUT_OF_RANGE });
    expect((await call(admin, 'DELETE', '/sys/role/delete?id=r-admin')).statusCode).toBe(400);
    expect(await countAll()).toBe(before);
  });
});

describe('who sees which entries, and the diff view', () => {
  it("an administrator of another tenant sees none of tenant 1's changes, and 404 on them", async () => {
    expect(await entriesOf(otherAdmin, DataLogTable.Station)).toEqual([]);
    const [one] = await entriesOf(admin, DataLogTable.Station, stationId);
    const response = await call(otherAdmin, 'GET', `/sys/dataLog/queryById?id=${one?.id ?? ''}`);
    expect(response.statusCode).toBe(404);
    expect((await t.call(dataLogEndpoints.versions, { token: otherAdmin, query: { dataTable: 'tb_station', dataId: stationId } })).envelope.result).toEqual([]);
  });

  it('lists the versions of one record and compares two of them, older first', async () => {
    const versions = (await t.call(dataLogEndpoints.versions, { token: admin, query: { dataTable: 'tb_station', dataId: stationId } })).envelope.result;
    expect(versions.map((v) => v.dataVersion)).toEqual([1, 2, 3]);
    const [first, second] = versions;
    const compared = (await t.call(dataLogEndpoints.compare, { token: admin, query: { dataId1: second?.id ?? '', dataId2: first?.id ?? '' } })).envelope.result;
    expect(compared.map((entry) => entry.dataVersion)).toEqual([1, 2]);
    expect(compared[0]?.dataContent).toMatchObject({ name: 'Logged storage' });
    expect(compared[1]?.dataContent).toMatchObject({ name: 'Logged storage east' });
  });

  it('refuses to compare versions of two different records, naming dataId2', async () => {
    const [station] = await entriesOf(admin, DataLogTable.Station, stationId);
    const [logger] = await entriesOf(admin, DataLogTable.Logger, gsn);
    const response = await call(admin, 'GET', `/sys/dataLog/queryCompareList?dataId1=${station?.id ?? ''}&dataId2=${logger?.id ?? ''}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().result.errors).toEqual([{ field: 'dataId2', message: 'must be a version of the same record as dataId1' }]);
  });

  it('refuses a table the log does not keep, naming it', async () => {
    const response = await call(admin, 'GET', '/sys/dataLog/queryDataVerList?dataTable=sys_secret&dataId=1');
    expect(response.statusCode).toBe(400);
    expect(response.json().result.errors[0].field).toBe('dataTable');
  });
});
