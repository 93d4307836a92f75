import { ServerCode } from '@cellsight/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { type TestApp, addUser, adminPassword, createTestApp, moveToTenant } from './support/test-app.js';

/** The battery list's own (beyond the list contract), the battery detail, its alias and remote settings' bounds. */
let t: TestApp;
let admin: string;
let demo: string;
let outsider: string;
let stationId: string;

const gsn = 'BATT-GW-0001';
const otherGsn = 'BATT-GW-9001';

const insertBattery = async (batterySn: string, logger: string, reading: { soc: number; soh: number; status: string }) =>
  t.app.db.execute(sql`insert into tb_battery (battery_sn, logger_gsn, bms_sn, last_ts, state, status, soc, soh, cycles, voltage, current, power, role, work_mode)
    values (${batterySn}, ${logger}, ${`BMS-${batterySn}`}, now(), 'charge', ${reading.status}, ${reading.soc}, ${reading.soh}, 120, 51.2, 10.5, 537.6, 'master', 'auto')`);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', adminPassword);
  expect((await t.request({ method: 'POST', url: '/boot/want/logger/registerBatch', token: admin, payload: { loggers: [{ gsn, key: 'battery-key-0001' }] } })).json()).toMatchObject({ success: true });
  const station = await t.request({
    method: 'POST',
    url: '/boot/want/tbStation/add_station?from=EUR',
    token: admin,
    payload: { name: 'Harbour storage', logger: JSON.stringify([{ gsn, key: 'battery-key-0001', product_code: 'PC-BATT-0001' }]) },
  });
  stationId = station.json().message as string;
  await insertBattery('PACK-A1', gsn, { soc: 81.5, soh: 99, status: 'normal' });
  await insertBattery('PACK-A2', gsn, { soc: 35, soh: 91, status: 'warning' });
  await insertBattery('PACK-A3', gsn, { soc: 12, soh: 76, status: 'fault' });

  // Another company's logger and battery.
  await moveToTenant(t, await addUser(t, admin, { username: 'battery_outsider', selectedroles: 'r-installer' }), 2);
  outsider = await t.login('battery_outsider', 'Passw0rd1');
  expect((await t.request({ method: 'POST', url: '/boot/want/logger/registerBatch', token: outsider, payload: { loggers: [{ gsn: otherGsn, key: 'battery-key-9001' }] } })).json()).toMatchObject({ success: true });
  await insertBattery('PACK-Z9', otherGsn, { soc: 50, soh: 95, status: 'normal' });

  const demoId = await addUser(t, admin, { username: 'battery_demo', selectedroles: 'r-admin' });
  await t.app.db.update(users).set({ demo: true }).where(eq(users.id, demoId));
  demo = await t.login('battery_demo', 'Passw0rd1');
});
afterAll(() => t.close());

const list = async (token: string, query: Record<string, string>) => {
  const body = (await t.request({ method: 'GET', url: '/boot/want/battery/list', token, query })).json();
  expect(body, body.message).toMatchObject({ success: true });
  return body.result.records as { batterySn: string; stationName: string | null; alias: string | null }[];
};
const sns = (records: { batterySn: string }[]) => records.map((r) => r.batterySn);

describe('the battery list', () => {
  it('shows each battery with the station of its logger, and finds batteries by station name', async () => {
    const records = await list(admin, {});
    expect(records.find((r) => r.batterySn === 'PACK-A1')).toMatchObject({ stationId, stationName: 'Harbour storage', bmsSn: 'BMS-PACK-A1', role: 'master' });
    // The outsider's logger is on no station and in another tenant: not listed.
    expect(sns(records)).not.toContain('PACK-Z9');
    expect(sns(await list(admin, { stationName: '*harbour*' }))).toEqual(['PACK-A1', 'PACK-A2', 'PACK-A3']);
    expect(sns(await list(admin, { stationName: '*nowhere*' }))).toEqual([]);
  });

  it('filters by SOC and SOH ranges and by status, and sorts by station name', async () => {
    expect(sns(await list(admin, { soc_begin: '30', soc_end: '90' }))).toEqual(['PACK-A1', 'PACK-A2']);
    expect(sns(await list(admin, { soh_begin: '90' }))).toEqual(['PACK-A1', 'PACK-A2']);
    expect(sns(await list(admin, { status: 'fault' }))).toEqual(['PACK-A3']);
    expect(sns(await list(admin, { column: 'soc', order: 'desc' }))).toEqual(['PACK-A1', 'PACK-A2', 'PACK-A3']);
    expect((await t.request({ method: 'GET', url: '/boot/want/battery/list', token: admin, query: { column: 'stationName', order: 'asc' } })).json()).toMatchObject({ success: true });
  });

  it('exports the list with headings in the caller’s language', async () => {
    const response = await t.request({ method: 'GET', url: '/boot/want/battery/exportCsv', token: admin, headers: { 'accept-language': 'de-DE' }, query: { status: 'warning' } });
    expect(response.statusCode).toBe(200);
    const [heading, ...rows] = response.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(heading).toContain('Batterie-SN');
    expect(heading).toContain('Anlage');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('PACK-A2');
    expect(rows[0]).toContain('Harbour storage');
  });
});

describe('one battery (queryById) and its alias (POST /want/battery/edit)', () => {
  it('answers one battery of the caller’s scope, 404 for another company’s', async () => {
    const own = (await t.request({ method: 'GET', url: '/boot/want/battery/queryById', token: admin, query: { id: 'PACK-A2' } })).json();
    expect(own).toMatchObject({ success: true, result: { batterySn: 'PACK-A2', stationName: 'Harbour storage', soc: 35, status: 'warning' } });
    const foreign = await t.request({ method: 'GET', url: '/boot/want/battery/queryById', token: admin, query: { id: 'PACK-Z9' } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ success: false, code: ServerCode.NOT_FOUND });
  });

  it('names a battery, shows the alias in the list, and clears it with an empty alias', async () => {
    const edit = await t.request({ method: 'POST', url: '/boot/want/battery/edit', token: admin, payload: { batterySn: 'PACK-A1', alias: '  Rack 1 top  ' } });
    expect(edit.json()).toMatchObject({ success: true, code: ServerCode.EDITED });
    expect((await list(admin, { alias: '*rack*' })).map((r) => [r.batterySn, r.alias])).toEqual([['PACK-A1', 'Rack 1 top']]);
    const log = await t.request({ method: 'GET', url: '/boot/sys/log/list', token: admin, query: { logType: '2', pageSize: '50' } });
    expect(JSON.stringify(log.json().result.records)).toContain('Named battery PACK-A1 \\"Rack 1 top\\"');
    await t.request({ method: 'POST', url: '/boot/want/battery/edit', token: admin, payload: { batterySn: 'PACK-A1', alias: '' } });
    expect((await list(admin, { batterySn: 'PACK-A1' }))[0]?.alias).toBeNull();
  });

  it('answers 404 for a battery outside the caller’s scope and changes nothing', async () => {
    const response = await t.request({ method: 'POST', url: '/boot/want/battery/edit', token: outsider, payload: { batterySn: 'PACK-A2', alias: 'taken over' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: ServerCode.NOT_FOUND });
    expect((await list(admin, { batterySn: 'PACK-A2' }))[0]?.alias).toBeNull();
  });

  it('refuses the demo account', async () => {
    const response = await t.request({ method: 'POST', url: '/boot/want/battery/edit', token: demo, payload: { batterySn: 'PACK-A2', alias: 'demo' } });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('The demo access does not support this operation.');
    expect((await list(admin, { batterySn: 'PACK-A2' }))[0]?.alias).toBeNull();
  });

  it('refuses an alias over 64 characters or a bad serial number, naming the field', async () => {
    const long = await t.request({ method: 'POST', url: '/boot/want/battery/edit', token: admin, payload: { batterySn: 'PACK-A2', alias: 'x'.repeat(65) } });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ success: false, code: ServerCode.INCORRECT_PARAMETER, result: { errors: [{ field: 'alias', message: 'must be at most 64 characters' }] } });
    const badSn = await t.request({ method: 'POST', url: '/boot/want/battery/edit', token: admin, payload: { batterySn: 'no spaces!', alias: 'x' } });
    expect(badSn.json().result.errors[0]).toMatchObject({ field: 'batterySn' });
  });
});

describe('remote settings out of range', () => {
  it('answers 4031 naming the setting and its bounds (EOD 44 to 50), before the logger’s state', async () => {
    for (const eod of [43.9, 51]) {
      const response = await t.request({ method: 'POST', url: '/boot/want/device/operate', token: admin, payload: { gsno: gsn, op: 'settings', batterySn: 'PACK-A1', val: JSON.stringify({ eod }) } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: ServerCode.OUT_OF_RANGE, message: 'val.eod: must be from 44 to 50', result: { errors: [{ field: 'val.eod', message: 'must be from 44 to 50' }] } });
    }
    // In range, the offline logger is what refuses it.
    const inRange = await t.request({ method: 'POST', url: '/boot/want/device/operate', token: admin, payload: { gsno: gsn, op: 'settings', batterySn: 'PACK-A1', val: JSON.stringify({ eod: 46 }) } });
    expect(inRange.json()).toMatchObject({ success: false, code: ServerCode.DEVICE_OFFLINE });
  });

  it('still answers 404 for another company’s logger, whatever the value', async () => {
    const response = await t.request({ method: 'POST', url: '/boot/want/device/operate', token: admin, payload: { gsno: otherGsn, op: 'settings', val: JSON.stringify({ eod: 60 }) } });
    expect(response.statusCode).toBe(404);
  });
});
