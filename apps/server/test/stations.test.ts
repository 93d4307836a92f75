import { Permission, ServerCode, loggerPlacementEndpoints, stationListColumns } from '@cellsight/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.js';
import { describeListEndpoint } from './support/list-conformance.js';
import { type TestApp, adminPassword, createTestApp } from './support/test-app.js';

const keyOf = (gsn: string) => `key-${gsn.toLowerCase()}`;
const register = async (t: TestApp, token: string, gsns: string[]) => {
  const response = await t.request({ method: 'POST', url: '/boot/want/logger/registerBatch', token, payload: { loggers: gsns.map((gsn) => ({ gsn, key: keyOf(gsn) })) } });
  expect(response.json()).toMatchObject({ success: true });
};
const rowsOf = (gsns: string[], productCode = (gsn: string) => `${gsn}-M`) => JSON.stringify(gsns.map((gsn) => ({ gsn, key: keyOf(gsn), product_code: productCode(gsn) })));

describeListEndpoint('stations', {
  url: '/boot/want/tbStation/list',
  columns: stationListColumns,
  permission: Permission.StationList,
  async seed(t, admin) {
    const gsns = ['LISTSTA001', 'LISTSTA002', 'LISTSTA003'];
    await register(t, admin, gsns);
    for (const [index, gsn] of gsns.entries()) {
      const body = (await t.request({ method: 'POST', url: '/boot/want/tbStation/add_station', token: admin, payload: { name: `List station ${index + 1}`, stationType: index % 2, logger: rowsOf([gsn]) } })).json();
      expect(body).toMatchObject({ success: true });
    }
  },
  async foreign(t) {
    const id = newId();
    await t.app.db.execute(sql`insert into sys_tenant (id, name) values (9, 'Tenant 9') on conflict do nothing`);
    await t.app.db.execute(sql`insert into tb_station (id, tenant_id, name) values (${id}, 9, 'Foreign station')`);
    return id;
  },
  writes: [
    { method: 'PUT', url: '/boot/want/tbStation/edit' },
    { method: 'DELETE', url: '/boot/want/tbStation/delete?id=x' },
    { method: 'POST', url: '/boot/want/tbStation/add_station' },
    { method: 'POST', url: '/boot/want/tbStation/check_sn' },
    { method: 'POST', url: '/boot/want/tbStation/add_logger' },
  ],
});

describe('the station wizard and stations', () => {
  let t: TestApp;
  let admin: string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => t.request({ method, url: `/boot${url}`, token: admin, ...(payload ? { payload } : {}) });
  const addStation = (payload: object) => call('POST', '/want/tbStation/add_station?from=EUR', payload);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin', adminPassword);
    await register(t, admin, ['WIZ0001', 'WIZ0002', 'WIZ0003', 'WIZ0004', 'WIZ0005', 'WIZ0006']);
  });
  afterAll(() => t.close());

  it('checks each row: an unknown SN (4000), a malformed key (4003), a wrong key (4001), with the row index as result', async () => {
    const unknown = (await call('POST', '/want/tbStation/check_sn?from=HK', { gsn_0: 'WIZ0001', key_0: keyOf('WIZ0001'), product_code_0: 'PC-0001', gsn_1: 'NOSUCH001', key_1: 'whatever1', product_code_1: 'PC-0002' })).json();
    expect(unknown).toMatchObject({ success: false, code: ServerCode.NOT_FOUND, result: 1, message: 'NOSUCH001 does not exist' });
    const malformed = (await call('POST', '/want/tbStation/check_sn', { gsn_0: 'WIZ0001', key_0: 'short', product_code_0: 'PC-0001' })).json();
    expect(malformed).toMatchObject({ code: ServerCode.MATCHING_FAILURE, result: 0, message: 'short error' });
    const wrong = (await call('POST', '/want/tbStation/check_sn', { gsn_0: 'WIZ0001', key_0: 'a-wrong-key-1', product_code_0: 'PC-0001' })).json();
    expect(wrong).toMatchObject({ code: ServerCode.WRONG_REGISTRATION_KEY, result: 0 });
    const fine = (await call('POST', '/want/tbStation/check_sn', { gsn_0: 'WIZ0001', key_0: keyOf('WIZ0001'), product_code_0: 'PC-0001' })).json();
    expect(fine).toMatchObject({ success: true });
  });

  it('names empty and repeated fields by their form names', async () => {
    const response = await call('POST', '/want/tbStation/check_sn', { gsn_0: 'WIZ0001', key_0: keyOf('WIZ0001'), product_code_0: 'PC1', gsn_1: 'WIZ0002', key_1: '', product_code_1: 'PC-2' });
    expect(response.statusCode).toBe(400);
    expect(response.json().result.errors).toEqual(
      expect.arrayContaining([
        { field: 'key_1', message: 'is required' },
        { field: 'product_code_0', message: 'must be 4 to 40 letters, digits, dashes or underscores' },
      ]),
    );
    const repeated = (await call('POST', '/want/tbStation/check_sn', { gsn_0: 'WIZ0001', key_0: keyOf('WIZ0001'), product_code_0: 'PC-0001', gsn_1: 'WIZ0001', key_1: keyOf('WIZ0001'), product_code_1: 'PC-0002' })).json();
    expect(repeated.result.errors).toEqual([{ field: 'gsn_1', message: 'WIZ0001 is repeated' }]);
    const tooMany = Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`gsn_${i}`, `WIZX${String(i).padStart(4, '0')}`]));
    expect((await call('POST', '/want/tbStation/check_sn', tooMany)).json().result.errors[0].field).toMatch(/^gsn_32$/);
  });

  it('creates a station with its loggers in one step: the loggers take its zone, the id comes back in message', async () => {
    const body = (await addStation({ name: 'Wizard station', timezone: 324, lat: 52.5, lon: 13.4, address: 'Berlin', logger: rowsOf(['WIZ0001', 'WIZ0002']) })).json();
    expect(body).toMatchObject({ success: true, code: ServerCode.ADDED });
    const station = (await call('GET', `/want/tbStation/queryById?id=${body.message}`)).json().result;
    expect(station).toMatchObject({ name: 'Wizard station', timezone: 324, zone: 'Europe/Berlin', pid: '0', loggerCount: 2, stationType: 0, ownerName: 'Administrator' });
    const loggers = (await call('GET', `/want/logger/list?stationId=${body.message}`)).json().result.records;
    expect(loggers.map((l: { gsn: string; timezone: string; productCode: string }) => [l.gsn, l.timezone, l.productCode]).sort()).toEqual([
      ['WIZ0001', 'Europe/Berlin', 'WIZ0001-M'],
      ['WIZ0002', 'Europe/Berlin', 'WIZ0002-M'],
    ]);
  });

  it('refuses a logger on a station already (4002) and a used product code (4027), binding nothing', async () => {
    const inUse = (await call('POST', '/want/tbStation/check_sn', { gsn_0: 'WIZ0003', key_0: keyOf('WIZ0003'), product_code_0: 'PC-0003', gsn_1: 'WIZ0002', key_1: keyOf('WIZ0002'), product_code_1: 'PC-0004' })).json();
    expect(inUse).toMatchObject({ code: ServerCode.DEVICE_IN_USE, result: 1 });
    const used = (await call('POST', '/want/tbStation/check_product_code', { logger: rowsOf(['WIZ0003'], () => 'WIZ0001-M') })).json();
    expect(used).toMatchObject({ code: ServerCode.PRODUCT_CODE_USED, result: 0, message: 'WIZ0001-M is already used' });
    const refused = (await addStation({ name: 'Not made', logger: rowsOf(['WIZ0003', 'WIZ0002']) })).json();
    expect(refused).toMatchObject({ code: ServerCode.DEVICE_IN_USE, result: 1 });
    expect((await call('GET', '/want/tbStation/list?keyWord=Not made')).json().result.total).toBe(0);
    expect((await call('GET', '/want/logger/list?gsn=WIZ0003')).json().result.records[0].stationId).toBeNull();
  });

  it('keeps the spec’s rules: name 5 to 32 characters, a known time zone', async () => {
    const response = await addStation({ name: 'Tiny', timezone: 9999, logger: rowsOf(['WIZ0003']) });
    expect(response.statusCode).toBe(400);
    expect(response.json().result.errors.map((e: { field: string }) => e.field).sort()).toEqual(['name', 'timezone']);
  });

  it('makes sub-stations under a main station: at most 10, without type, location or image of their own', async () => {
    const main = (await call('GET', '/want/tbStation/list?keyWord=Wizard station')).json().result.records[0];
    const located = await addStation({ name: 'Sub with a place', pid: main.id, lat: 1, logger: rowsOf(['WIZ0003']) });
    expect(located.json().result.errors).toEqual([{ field: 'lat', message: 'only a main station has it' }]);
    const sub = (await addStation({ name: 'Sub station 1', pid: main.id, logger: rowsOf(['WIZ0003']) })).json();
    expect(sub).toMatchObject({ success: true });
    const made = (await call('GET', `/want/tbStation/queryById?id=${sub.message}`)).json().result;
    expect(made).toMatchObject({ pid: main.id, lat: 52.5, lon: 13.4, address: 'Berlin', ownerId: main.ownerId });
    expect((await call('GET', `/want/tbStation/list?pid=${main.id}`)).json().result.records.map((s: { name: string }) => s.name)).toEqual(['Sub station 1']);
    expect((await call('GET', `/want/tbStation/queryById?id=${main.id}`)).json().result).toMatchObject({ subStationCount: 1, loggerCount: 2 });
    expect((await call('GET', '/want/tbStation/list?pid=0')).json().result.records.map((s: { name: string }) => s.name)).not.toContain('Sub station 1');
    const underSub = await addStation({ name: 'Sub of a sub', pid: sub.message, logger: rowsOf(['WIZ0004']) });
    expect(underSub.json().result.errors[0].field).toBe('pid');
    // Nine more fill the main station; the eleventh is refused.
    await t.app.db.execute(sql`insert into tb_station (id, tenant_id, parent_id, name) select md5(random()::text), 1, ${main.id}, 'Filler ' || g from generate_series(2, 10) g`);
    const eleventh = await addStation({ name: 'Sub station 11', pid: main.id, logger: rowsOf(['WIZ0004']) });
    expect(eleventh.json().result.errors).toEqual([{ field: 'pid', message: 'a main station has at most 10 sub-stations' }]);
    await t.app.db.execute(sql`delete from tb_station where name like 'Filler %'`);
  });

  it('does not delete a station while loggers or sub-stations hold on to it', async () => {
    const main = (await call('GET', '/want/tbStation/list?keyWord=Wizard station&pid=0')).json().result.records[0];
    const refused = (await call('DELETE', `/want/tbStation/delete?id=${main.id}`)).json();
    expect(refused).toMatchObject({ success: false, code: ServerCode.OPERATION_FAILED });
    const sub = (await call('GET', `/want/tbStation/list?pid=${main.id}`)).json().result.records[0];
    expect((await t.call(loggerPlacementEndpoints.unbind, { token: admin, body: { gsn: 'WIZ0003' } })).envelope).toMatchObject({ success: true });
    expect((await call('DELETE', `/want/tbStation/delete?id=${sub.id}`)).json()).toMatchObject({ success: true });
    expect((await t.call(loggerPlacementEndpoints.unbind, { token: admin, body: { gsn: 'WIZ0003' } })).response.json().result.errors[0]).toEqual({ field: 'gsn', message: 'logger WIZ0003 is on no station' });
  });

  it('moves a station’s loggers into its new time zone when it changes', async () => {
    const main = (await call('GET', '/want/tbStation/list?keyWord=Wizard station&pid=0')).json().result.records[0];
    expect((await call('PUT', '/want/tbStation/edit', { id: main.id, timezone: 343 })).json()).toMatchObject({ success: true });
    const loggers = (await call('GET', `/want/logger/list?stationId=${main.id}`)).json().result.records;
    expect(loggers.map((l: { timezone: string }) => l.timezone)).toEqual(['Asia/Shanghai', 'Asia/Shanghai']);
  });

  it('shows power and SOC of online loggers and today’s energy of the station’s own day', async () => {
    const main = (await call('GET', '/want/tbStation/list?keyWord=Wizard station&pid=0')).json().result.records[0];
    await t.app.db.execute(sql`update tb_logger set online = (gsn = 'WIZ0001') where gsn in ('WIZ0001', 'WIZ0002')`);
    await t.app.db.execute(sql`insert into tb_battery (battery_sn, logger_gsn, soc, power) values ('WIZ0001-B1', 'WIZ0001', 80, 1500), ('WIZ0001-B2', 'WIZ0001', 60, 500), ('WIZ0002-B1', 'WIZ0002', 10, 9000)`);
    // Today in Shanghai, and yesterday: only today's bucket counts.
    const roll = (sn: string, start: ReturnType<typeof sql>, charge: number) =>
      t.app.db.execute(sql`insert into tb_battery_rollup (battery_sn, period, bucket_start, samples, soc_sum, soc_min, soc_max, power_sum, power_min, power_max, voltage_sum, current_sum, temperature_sum, temperature_max, charge_energy, discharge_energy)
        values (${sn}, '1d', ${start}, 1, 50, 50, 50, 0, 0, 0, 0, 0, 0, 0, ${charge}, 1)`);
    const today = sql`(date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai')`;
    await roll('WIZ0001-B1', today, 2.5);
    await roll('WIZ0002-B1', today, 1.25);
    await roll('WIZ0001-B2', sql`(${today} - interval '1 day')`, 100);
    const station = (await call('GET', `/want/tbStation/queryById?id=${main.id}`)).json().result;
    expect(station).toMatchObject({ power: 2, socAvg: 70, chargeToday: 3.75, dischargeToday: 2, loggersOnline: 1, loggerCount: 2, batteryCount: 3 });
    expect((await call('GET', '/want/tbStation/list?keyWord=WIZ0002-B1')).json().result.records.map((s: { id: string }) => s.id)).toEqual([main.id]);
  });

  it('sorts faults first and offline stations last, kept current as events open and loggers go', async () => {
    const offline = (await addStation({ name: 'Quiet station', logger: rowsOf(['WIZ0005']) })).json().message as string;
    const main = (await call('GET', '/want/tbStation/list?keyWord=Wizard station&pid=0')).json().result.records[0];
    const { createStationStatusRepository } = await import('../src/modules/station/station-status.repository.js');
    await t.app.db.execute(sql`insert into tb_event (id, logger_gsn, device_event_id, type, code, begin_time) values (${newId()}, 'WIZ0001', 'e-1', 'fault', 'F1', now())`);
    await createStationStatusRepository(t.app.db).refresh(main.id);
    const order = (await call('GET', '/want/tbStation/list')).json().result.records.map((s: { id: string; status: number }) => [s.id, s.status]);
    expect(order[0]).toEqual([main.id, 0]);
    expect(order[order.length - 1]).toEqual([offline, 3]);
  });

  it('takes `pid: 0` as a number, as the spec writes it: a main station', async () => {
    const body = (await addStation({ name: 'Numbered main', pid: 0, timezone: 324, logger: rowsOf(['WIZ0006']) })).json();
    expect(body).toMatchObject({ success: true, code: ServerCode.ADDED });
    expect((await call('GET', `/want/tbStation/queryById?id=${body.message}`)).json().result).toMatchObject({ name: 'Numbered main', pid: '0' });
    // Still refused when it is no id at all, naming the field.
    const refused = await addStation({ name: 'Bad parent', pid: true, logger: rowsOf(['WIZ0004']) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('pid');
  });

  it('lists the time zones in Chinese with lang=0 and in German for a German console, the default 343 among them', async () => {
    const chinese = (await call('GET', '/want/commDictI18n/list?lang=0&pageSize=100')).json().result;
    expect(chinese.total).toBeGreaterThan(80);
    expect(chinese.records.find((z: { dictId: number }) => z.dictId === 343)).toEqual({ dictId: 343, zone: 'Asia/Shanghai', text: '(UTC+08:00) 中国标准时间 – Shanghai' });
    const german = (await t.request({ method: 'GET', url: '/boot/want/commDictI18n/list?lang=1', token: admin, headers: { 'accept-language': 'de-DE' } })).json().result;
    expect(german.records.find((z: { dictId: number }) => z.dictId === 324).text).toMatch(/^\(UTC\+0[12]:00\) Mitteleuropäische/);
    const offsets = chinese.records.map((z: { text: string }) => z.text.slice(4, 10));
    expect(offsets[0]).toMatch(/^-1[12]:00/);
  });
});
