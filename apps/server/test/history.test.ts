import { type EndpointQuery, type EndpointResult, ServerCode, historyEndpoints, historyPointsMax } from '@cellsight/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSpreadsheet } from './support/spreadsheet.js';
import { type TestApp, createTestApp } from './support/test-app.js';

/**
 * Battery history and the station chart over the rollups: station Tokyo (Asia/Tokyo, UTC+9, of
 * enduser) with batteries T1 and T2, station London (Europe/London, of enduser2) with battery L1.
 */
let t: TestApp;
const token = {} as Record<'admin' | 'enduser' | 'enduser2', string>;
const station = {} as Record<'tokyo' | 'london', { id: string; gsn: string }>;
const keyOf = (gsn: string) => `key-${gsn.toLowerCase()}`;

const get = (who: keyof typeof token, url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url: `/boot${url}`, token: token[who], headers });
/** A history call of the contract, its query and answer typed by the endpoint; it must succeed. */
const answerOf = async <E extends (typeof historyEndpoints)[keyof typeof historyEndpoints]>(endpoint: E, who: keyof typeof token, query: EndpointQuery<E>) => {
  const { statusCode, envelope, response } = await t.call(endpoint, { token: token[who], query });
  expect(statusCode, response.body).toBe(200);
  return envelope.result as EndpointResult<E>;
};
const batteryRange = (who: keyof typeof token, query: EndpointQuery<typeof historyEndpoints.batteryRange>) => answerOf(historyEndpoints.batteryRange, who, query);
const stationChart = (who: keyof typeof token, query: EndpointQuery<typeof historyEndpoints.stationChart>) => answerOf(historyEndpoints.stationChart, who, query);

let serial = 0;
const createStation = async (name: string, owner: string, zone: string) => {
  serial += 1;
  const gsn = `HIST${String(serial).padStart(4, '0')}`;
  expect((await t.request({ method: 'POST', url: '/boot/want/logger/registerBatch', token: token.admin, payload: { loggers: [{ gsn, key: keyOf(gsn) }] } })).json()).toMatchObject({ success: true });
  const [user] = ((await t.app.db.execute(sql`select id from sys_user where username = ${owner}`)) as unknown as { rows: { id: string }[] }).rows;
  const body = (
    await t.request({ method: 'POST', url: '/boot/want/tbStation/add_station?from=EUR', token: token.admin, payload: { name, masterId: user?.id, logger: JSON.stringify([{ gsn, key: keyOf(gsn), product_code: `${gsn}-M` }]) } })
  ).json();
  expect(body, body.message).toMatchObject({ success: true, code: ServerCode.ADDED });
  const id = body.message as string;
  await t.app.db.execute(sql`update tb_station set zone = ${zone} where id = ${id}`);
  await t.app.db.execute(sql`update tb_logger set timezone = ${zone} where gsn = ${gsn}`);
  return { id, gsn };
};
const addBattery = (batterySn: string, gsn: string) => t.app.db.execute(sql`insert into tb_battery (battery_sn, logger_gsn, soc, power) values (${batterySn}, ${gsn}, 50, 0)`);

interface Bucket {
  soc?: number;
  /** W. */
  power?: number;
  charge?: number;
  discharge?: number;
}
/** One rollup bucket of one sample. */
const rollup = (batterySn: string, period: '5m' | '1h' | '1d', start: string, { soc = 50, power = 0, charge = 0, discharge = 0 }: Bucket = {}) =>
  t.app.db.execute(sql`insert into tb_battery_rollup (battery_sn, period, bucket_start, samples, soc_sum, soc_min, soc_max, power_sum, power_min, power_max,
      voltage_sum, current_sum, temperature_sum, temperature_max, charge_energy, discharge_energy)
    values (${batterySn}, ${period}, ${start}::timestamptz, 1, ${soc}, ${soc}, ${soc}, ${power}, ${power}, ${power}, 51.2, 10, 25, 25, ${charge}, ${discharge})`);

beforeAll(async () => {
  t = await createTestApp({ DEMO: '1', DEMO_LOGGERS: '0' });
  token.admin = await t.login('admin', 'Admin12345');
  token.enduser = await t.login('enduser', 'Enduser2026');
  token.enduser2 = await t.login('enduser2', 'Enduser2026');
  station.tokyo = await createStation('Tokyo history', 'enduser', 'Asia/Tokyo');
  station.london = await createStation('London history', 'enduser2', 'Europe/London');
  await addBattery('HIST-T1', station.tokyo.gsn);
  await addBattery('HIST-T2', station.tokyo.gsn);
  await addBattery('HIST-L1', station.london.gsn);

  // 10 March 2026 in Tokyo is 2026-03-09T15:00Z to 2026-03-10T15:00Z.
  await rollup('HIST-T1', '5m', '2026-03-09T14:55:00Z', { soc: 11, power: 500 });
  await rollup('HIST-T1', '5m', '2026-03-09T15:00:00Z', { soc: 40, power: 1000 });
  await rollup('HIST-T2', '5m', '2026-03-09T15:00:00Z', { soc: 60, power: 3000 });
  await rollup('HIST-T1', '5m', '2026-03-10T14:55:00Z', { soc: 45, power: -2000 });
  await rollup('HIST-T1', '5m', '2026-03-10T15:00:00Z', { soc: 99, power: 500 });
  // Daily buckets from Tokyo midnight: 28 Feb, 1, 15 and 31 March, 1 April.
  for (const [day, charge, discharge] of [
    ['2026-02-27T15:00:00Z', 1, 1],
    ['2026-02-28T15:00:00Z', 2, 1.5],
    ['2026-03-14T15:00:00Z', 3, 2.5],
    ['2026-03-30T15:00:00Z', 4, 3.5],
    ['2026-03-31T15:00:00Z', 5, 4.5],
  ] as const) {
    await rollup('HIST-T1', '1d', day, { charge, discharge });
    await rollup('HIST-T2', '1d', day, { charge: charge * 10, discharge: discharge * 10 });
  }
  // A week of 5-minute buckets (2,016) of battery L1 with one spike of 9 kW.
  await t.app.db.execute(sql`insert into tb_battery_rollup (battery_sn, period, bucket_start, samples, soc_sum, soc_min, soc_max, power_sum, power_min, power_max,
      voltage_sum, current_sum, temperature_sum, temperature_max, charge_energy, discharge_energy)
    select 'HIST-L1', '5m', ts, 1, 50, 50, 50, case when n = 1234 then 9000 else 100 * sin(n / 20.0) end, 0, 0, 51, 10, 25, 25, 0, 0
    from generate_series(0, 2015) n, lateral (select timestamptz '2026-05-03 23:00:00+00' + n * interval '5 minutes' as ts) s`);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('battery history over a range of the station’s zone', () => {
  it('a day is the local day of the battery’s station, midnight to midnight', async () => {
    const body = await batteryRange('enduser', { batterySn: 'HIST-T1', range: 'day', date: '2026-03-10' });
    expect(body).toMatchObject({ period: '5m', timezone: 'Asia/Tokyo', begin: '2026-03-09T15:00:00.000Z', end: '2026-03-10T15:00:00.000Z', bucketCount: 2 });
    expect(body.points.map((p) => [p.localTime, p.socAvg, p.powerAvg])).toEqual([
      ['2026-03-10 00:00', 40, 1000],
      ['2026-03-10 23:55', 45, -2000],
    ]);
  });

  it('a month: hourly points and energy charged and discharged per local day', async () => {
    const body = await batteryRange('enduser', { batterySn: 'HIST-T1', range: 'month', date: '2026-03-20' });
    expect(body).toMatchObject({ period: '1h', begin: '2026-02-28T15:00:00.000Z', end: '2026-03-31T15:00:00.000Z', energyGrouping: 'day' });
    expect(body.energy).toEqual([
      { label: '2026-03-01', chargeEnergy: 2, dischargeEnergy: 1.5 },
      { label: '2026-03-15', chargeEnergy: 3, dischargeEnergy: 2.5 },
      { label: '2026-03-31', chargeEnergy: 4, dischargeEnergy: 3.5 },
    ]);
  });

  it('a year: daily points and energy per local month', async () => {
    const body = await batteryRange('enduser', { batterySn: 'HIST-T1', range: 'year', date: '2026-07-01' });
    expect(body).toMatchObject({ period: '1d', energyGrouping: 'month', bucketCount: 5 });
    expect(body.energy).toEqual([
      { label: '2026-02', chargeEnergy: 1, dischargeEnergy: 1 },
      { label: '2026-03', chargeEnergy: 9, dischargeEnergy: 7.5 },
      { label: '2026-04', chargeEnergy: 5, dischargeEnergy: 4.5 },
    ]);
  });

  it('a custom week of 5-minute buckets comes thinned to at most 2,000 points, the spike and both ends kept', async () => {
    const body = await batteryRange('enduser2', { batterySn: 'HIST-L1', range: 'custom', begin: '2026-05-04', end: '2026-05-10' });
    expect(body).toMatchObject({ period: '5m', timezone: 'Europe/London', begin: '2026-05-03T23:00:00.000Z', end: '2026-05-10T23:00:00.000Z', bucketCount: 2016 });
    expect(body.points.length).toBeLessThanOrEqual(historyPointsMax);
    expect(Math.max(...body.points.map((p) => p.powerAvg))).toBe(9000);
    expect(body.points[0]?.localTime).toBe('2026-05-04 00:00');
    expect(body.points.at(-1)?.localTime).toBe('2026-05-10 23:55');
  });

  it('a custom range over 7 days reads hourly buckets, over 90 days daily ones', async () => {
    expect((await batteryRange('enduser2', { batterySn: 'HIST-L1', range: 'custom', begin: '2026-05-01', end: '2026-05-08' })).period).toBe('1h');
    expect((await batteryRange('enduser2', { batterySn: 'HIST-L1', range: 'custom', begin: '2026-01-01', end: '2026-12-31' })).period).toBe('1d');
  });

  it('a battery of another owner’s station answers 404, like one that does not exist', async () => {
    for (const url of ['/want/battery/historyRange?batterySn=HIST-T1&range=day', '/want/battery/historyRange/exportCsv?batterySn=HIST-T1&range=day', '/want/battery/historyRange?batterySn=NOPE-0001&range=day']) {
      const response = await get('enduser2', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: ServerCode.NOT_FOUND });
    }
  });

  it('refuses a bad query naming the field', async () => {
    const custom = await get('enduser', '/want/battery/historyRange?batterySn=HIST-T1&range=custom&begin=2026-01-01');
    expect(custom.statusCode).toBe(400);
    expect(custom.json().result.errors).toEqual([expect.objectContaining({ field: 'end', message: 'is required for a custom range' })]);
    for (const day of ['2026-02-30x', '2026-02-30']) {
      const date = await get('enduser', `/want/battery/historyRange?batterySn=HIST-T1&range=day&date=${day}`);
      expect(date.statusCode).toBe(400);
      expect(date.json().result.errors[0]).toMatchObject({ field: 'date' });
    }
    const range = await get('enduser', '/want/tbStation/chart?id=x&range=week');
    expect(range.statusCode).toBe(400);
    expect(range.json().result.errors[0]).toMatchObject({ field: 'range' });
  });

  it('exports the points shown as CSV with headings in the caller’s language and as XLSX', async () => {
    const csv = await get('enduser', '/want/battery/historyRange/exportCsv?batterySn=HIST-T1&range=day&date=2026-03-10', { 'accept-language': 'de-DE' });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('Batterieverlauf-HIST-T1-day-2026-03-10.csv');
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toMatch(/^Zeit \(Asia\/Tokyo\),SOC \(%\),SOC min\. \(%\),SOC max\. \(%\),Leistung \(kW\),/);
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 5))).toEqual([
      ['2026-03-10 00:00', '40', '40', '40', '1'],
      ['2026-03-10 23:55', '45', '45', '45', '-2'],
    ]);
    const xlsx = await get('enduser', '/want/battery/historyRange/exportXls?batterySn=HIST-T1&range=day&date=2026-03-10');
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const sheet = await readSpreadsheet(xlsx.rawPayload);
    expect(sheet[0]?.slice(0, 2)).toEqual(['Time (Asia/Tokyo)', 'SOC (%)']);
    expect(sheet.slice(1).map((row) => row[0])).toEqual(['2026-03-10 00:00', '2026-03-10 23:55']);
  });
});

describe('the station chart', () => {
  it('a local day: the batteries’ power summed in kW, their SOC averaged', async () => {
    const body = await stationChart('enduser', { id: station.tokyo.id, range: 'day', date: '2026-03-10' });
    expect(body).toMatchObject({ name: 'Tokyo history', period: '5m', timezone: 'Asia/Tokyo', begin: '2026-03-09T15:00:00.000Z' });
    expect(body.points.map((p) => [p.localTime, p.power, p.soc, p.batteries])).toEqual([
      ['2026-03-10 00:00', 4, 50, 2],
      ['2026-03-10 23:55', -2, 45, 1],
    ]);
  });

  it('a year: energy of all its batteries per local month; total: per year', async () => {
    const year = await stationChart('enduser', { id: station.tokyo.id, range: 'year', date: '2026-01-01' });
    expect(year).toMatchObject({ period: '1d', energyGrouping: 'month' });
    expect(year.energy).toEqual([
      { label: '2026-02', chargeEnergy: 11, dischargeEnergy: 11 },
      { label: '2026-03', chargeEnergy: 99, dischargeEnergy: 82.5 },
      { label: '2026-04', chargeEnergy: 55, dischargeEnergy: 49.5 },
    ]);
    const month = await stationChart('enduser', { id: station.tokyo.id, range: 'month', date: '2026-03-05' });
    expect(month.energy.map((bar) => bar.label)).toEqual(['2026-03-01', '2026-03-15', '2026-03-31']);
    const total = await stationChart('enduser', { id: station.tokyo.id, range: 'total' });
    expect(total).toMatchObject({ energyGrouping: 'year', begin: '2026-02-27T15:00:00.000Z' });
    expect(total.energy).toEqual([{ label: '2026', chargeEnergy: 165, dischargeEnergy: 143 }]);
  });

  it('a station outside the caller’s scope answers 404, the chart and its export', async () => {
    for (const url of [`/want/tbStation/chart?id=${station.tokyo.id}&range=day`, `/want/tbStation/chart/exportXls?id=${station.tokyo.id}&range=day`, '/want/tbStation/chart?id=nope&range=day']) {
      const response = await get('enduser2', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: ServerCode.NOT_FOUND });
    }
  });

  it('exports its points in the caller’s language', async () => {
    const csv = await get('enduser', `/want/tbStation/chart/exportCsv?id=${station.tokyo.id}&range=day&date=2026-03-10`, { 'accept-language': 'zh-CN' });
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines).toEqual(['时间 (Asia/Tokyo),功率 (kW),SOC (%),上报电池数', '2026-03-10 00:00,4,50,2', '2026-03-10 23:55,-2,45,1']);
  });
});
