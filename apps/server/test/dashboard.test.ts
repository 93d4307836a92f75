import { type EndpointResult, ServerCode, StationStatus, dashboardEndpoints } from '@cellsight/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.js';
import { addStationWithLoggers, loggerKeyOf } from './support/fleet.js';
import { type TestApp, addUser, adminPassword, createTestApp } from './support/test-app.js';

/**
 * The dashboards over a seeded fleet of the demo hierarchy: enduser (under installer) owns stations
 * Tokyo, Utc and Quiet; the installer owns Workshop itself; enduser2 (under installer2) owns Dark and
 * Nowhere; another tenant owns Foreign. Status is kept state, set here as the device plane would.
 */
type Who = 'admin' | 'distributor' | 'installer' | 'enduser' | 'enduser2';
const passwords: Record<Who, string> = { admin: adminPassword, distributor: 'Distributor2026', installer: 'Installer2026', enduser: 'Enduser2026', enduser2: 'Enduser2026' };

let t: TestApp;
const token = {} as Record<Who, string>;
const station = {} as Record<'tokyo' | 'utc' | 'quiet' | 'workshop' | 'dark' | 'nowhere', { id: string; gsn: string }>;
const commandIds = {} as Record<'restartTokyo' | 'upgradeTokyo' | 'upgradeDark' | 'upgradeDone', string>;

const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => ((await t.app.db.execute(query)) as unknown as { rows: T[] }).rows;
const api = (who: Who | string, url: string) => t.request({ method: 'GET', url: `/boot/want/dashboard/${url}`, token: who in token ? token[who as Who] : who });
type Dashboard = keyof typeof dashboardEndpoints;
const result = async <K extends Dashboard>(who: Who, name: K): Promise<EndpointResult<(typeof dashboardEndpoints)[K]>> => {
  const { statusCode, envelope, response } = await t.call(dashboardEndpoints[name], { token: token[who] });
  expect(statusCode, response.body).toBe(200);
  return envelope.result as EndpointResult<(typeof dashboardEndpoints)[K]>;
};

let serial = 0;
const createStation = async (name: string, masterId: string, values: { status: number; zone?: string; lat?: number | null; online?: boolean }) => {
  serial += 1;
  const gsn = `DASH${String(serial).padStart(4, '0')}`;
  const id = await addStationWithLoggers(t, token.admin, { name, gsns: [gsn], masterId });
  const zone = values.zone ?? 'UTC';
  const lat = values.lat === undefined ? 30 + serial : values.lat;
  await t.app.db.execute(sql`update tb_station set status = ${values.status}, zone = ${zone}, lat = ${lat}, lon = ${lat === null ? null : 100 + serial} where id = ${id}`);
  await t.app.db.execute(sql`update tb_logger set timezone = ${zone}, online = ${values.online ?? false} where gsn = ${gsn}`);
  return { id, gsn };
};

/** A daily rollup of the battery `days` station-local days before today, its bucket starting at local midnight of `zone`. */
const dailyRollup = async (batterySn: string, zone: string, days: number, charge: number, discharge: number) => {
  await t.app.db.execute(sql`insert into tb_battery_rollup (battery_sn, period, bucket_start, samples, soc_sum, soc_min, soc_max, power_sum, power_min, power_max,
      voltage_sum, current_sum, temperature_sum, temperature_max, charge_energy, discharge_energy)
    values (${batterySn}, '1d', (date_trunc('day', now() at time zone ${zone}) - make_interval(days => ${days})) at time zone ${zone}, 1, 50, 50, 50, 0, 0, 0, 51, 0, 25, 25, ${charge}, ${discharge})`);
};
/** A 5-minute rollup now: the analysis must not count it (only the daily buckets are energy per day). */
const fiveMinuteRollup = (batterySn: string, charge: number) =>
  t.app.db.execute(sql`insert into tb_battery_rollup (battery_sn, period, bucket_start, samples, soc_sum, soc_min, soc_max, power_sum, power_min, power_max,
      voltage_sum, current_sum, temperature_sum, temperature_max, charge_energy, discharge_energy)
    values (${batterySn}, '5m', date_trunc('hour', now()), 1, 50, 50, 50, 0, 0, 0, 51, 0, 25, 25, ${charge}, ${charge})`);

const event = async (gsn: string, type: string, code: string, open: boolean, daysAgo = 0) => {
  await t.app.db.execute(sql`insert into tb_event (id, logger_gsn, device_event_id, type, code, begin_time, end_time)
    values (${newId()}, ${gsn}, ${newId()}, ${type}, ${code}, now() - make_interval(days => ${daysAgo}, mins => 5), ${open ? null : sql`now()`})`);
};
const command = async (gsn: string, op: string, status: string, finished: boolean) => {
  const id = newId();
  await t.app.db.execute(sql`insert into tb_command (id, logger_gsn, op, nonce, status, create_by, progress, finished_at)
    values (${id}, ${gsn}, ${op}, ${newId()}, ${status}, 'installer', ${op === 'upgrade' ? 40 : null}, ${finished ? sql`now()` : null})`);
  return id;
};

/** What the device plane's timer does every minute (days back), hourly (7) and what the migration did (null: every day). */
const refreshStationEnergy = (days: number | null) => t.app.db.execute(sql`select cs_refresh_station_energy(${days}::integer, true)`);

/** The station-local date of `zone` today, and the day of month and year it is. */
const localToday = async (zone: string) => {
  const [row] = await rows<{ d: string; dom: number; doy: number }>(
    sql`select to_char(now() at time zone ${zone}, 'YYYY-MM-DD') as d, extract(day from now() at time zone ${zone})::int as dom, extract(doy from now() at time zone ${zone})::int as doy`,
  );
  return row as { d: string; dom: number; doy: number };
};

beforeAll(async () => {
  t = await createTestApp({ DEMO: '1', DEMO_LOGGERS: '0' });
  for (const who of Object.keys(passwords) as Who[]) token[who] = await t.login(who, passwords[who]);
  const id = async (username: string) => (await rows<{ id: string }>(sql`select id from sys_user where username = ${username}`))[0]?.id as string;
  const [enduser, enduser2, installer] = [await id('enduser'), await id('enduser2'), await id('installer')];

  station.tokyo = await createStation('Tokyo harbour', enduser, { status: StationStatus.Fault, zone: 'Asia/Tokyo', online: true });
  station.utc = await createStation('Greenwich yard', enduser, { status: StationStatus.Warning, online: true });
  station.quiet = await createStation('Quiet meadow', enduser, { status: StationStatus.Normal, online: true });
  station.workshop = await createStation('Installer workshop', installer, { status: StationStatus.Normal, online: true });
  station.dark = await createStation('Dark valley', enduser2, { status: StationStatus.Offline });
  station.nowhere = await createStation('Nowhere farm', enduser2, { status: StationStatus.Normal, lat: null });
  // A logger on no station: its registrant (the administrator) counts it.
  await t.request({ method: 'POST', url: '/boot/want/logger/registerBatch', token: token.admin, payload: { loggers: [{ gsn: 'DASHLOOSE1', key: loggerKeyOf('DASHLOOSE1') }] } });
  // Another tenant's station, logger and open fault: nobody here counts them.
  await t.app.db.execute(sql`insert into sys_tenant (id, name) values (2, 'Tenant 2') on conflict do nothing`);
  await t.app.db.execute(sql`insert into tb_station (id, tenant_id, name, status, lat, lon) values ('dash-foreign', 2, 'Foreign station', 0, 1, 1)`);
  await t.app.db.execute(sql`insert into tb_logger (gsn, registration_key, tenant_id, station_id, online) values ('DASHFOREIGN', 'key-foreign', 2, 'dash-foreign', true)`);
  await event('DASHFOREIGN', 'fault', 'F-OVERTEMP', true);

  for (const s of Object.values(station)) await t.app.db.execute(sql`insert into tb_battery (battery_sn, logger_gsn) values (${`${s.gsn}-B1`}, ${s.gsn})`);
  await t.app.db.execute(sql`insert into tb_battery (battery_sn, logger_gsn) values ('DASHFOREIGN-B1', 'DASHFOREIGN')`);
  // Tokyo (UTC+9): today 5 / 2, yesterday 3 / 1, 40 days ago 7 / 4, 400 days ago (outside every range) 100 / 100.
  await dailyRollup(`${station.tokyo.gsn}-B1`, 'Asia/Tokyo', 0, 5, 2);
  await dailyRollup(`${station.tokyo.gsn}-B1`, 'Asia/Tokyo', 1, 3, 1);
  await dailyRollup(`${station.tokyo.gsn}-B1`, 'Asia/Tokyo', 40, 7, 4);
  await dailyRollup(`${station.tokyo.gsn}-B1`, 'Asia/Tokyo', 400, 100, 100);
  await fiveMinuteRollup(`${station.tokyo.gsn}-B1`, 999);
  // Greenwich (UTC): today 1.5 / 0.5. Dark valley (installer2's branch): today 10 / 10.
  await dailyRollup(`${station.utc.gsn}-B1`, 'UTC', 0, 1.5, 0.5);
  await dailyRollup(`${station.dark.gsn}-B1`, 'UTC', 0, 10, 10);
  await dailyRollup('DASHFOREIGN-B1', 'UTC', 0, 50, 50);
  await refreshStationEnergy(null);

  // Open: Tokyo a fault and a protection, Greenwich a warning, Dark a normal event; ended ones do not count as open.
  await event(station.tokyo.gsn, 'fault', 'F-OVERTEMP', true);
  await event(station.tokyo.gsn, 'protect', 'P-UNDERVOLT', true);
  await event(station.tokyo.gsn, 'fault', 'F-BMS-COMM', false, 2);
  await event(station.tokyo.gsn, 'fault', 'F-BMS-COMM', false, 45);
  await event(station.utc.gsn, 'warning', 'W-SOC-LOW', true);
  await event(station.utc.gsn, 'protect', 'P-OVERCURRENT', false, 3);
  await event(station.dark.gsn, 'normal', 'N-BALANCING', true);
  await event(station.dark.gsn, 'fault', 'F-OVERTEMP', false, 1);

  commandIds.restartTokyo = await command(station.tokyo.gsn, 'restart', 'acknowledged', true);
  commandIds.upgradeTokyo = await command(station.tokyo.gsn, 'upgrade', 'acknowledged', false);
  commandIds.upgradeDone = await command(station.utc.gsn, 'upgrade', 'acknowledged', true);
  commandIds.upgradeDark = await command(station.dark.gsn, 'upgrade', 'sent', false);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /want/dashboard/analysis', () => {
  it('counts the administrator’s whole tenant: stations by status, loggers online and offline, open events by type', async () => {
    const analysis = await result('admin', 'analysis');
    expect(analysis.stations).toEqual({ total: 6, fault: 1, warning: 1, normal: 3, offline: 1 });
    // Six station loggers (four online) and the unbound one of its registrant.
    expect(analysis.loggers).toEqual({ total: 7, online: 4, offline: 3 });
    expect(analysis.openEvents).toEqual({ total: 4, normal: 1, warning: 1, fault: 1, protect: 1 });
  });

  it('sums energy over each station’s own today, month and year (Tokyo’s day starts at its midnight, not UTC’s), from the daily rollups only', async () => {
    const analysis = await result('admin', 'analysis');
    const tokyo = await localToday('Asia/Tokyo');
    expect(analysis.energy.today).toEqual({ charge: 16.5, discharge: 12.5 });
    // Yesterday in Tokyo is this month unless today is the first; 40 days ago is this year after 9 February.
    const yesterday = tokyo.dom > 1 ? 1 : 0;
    const fortyAgo = tokyo.doy > 40 ? 1 : 0;
    expect(analysis.energy.month).toEqual({ charge: 16.5 + 3 * yesterday, discharge: 12.5 + 1 * yesterday });
    expect(analysis.energy.year).toEqual({ charge: 16.5 + 3 * (tokyo.doy > 1 ? 1 : 0) + 7 * fortyAgo, discharge: 12.5 + (tokyo.doy > 1 ? 1 : 0) + 4 * fortyAgo });
  });

  it('gives a 30-day trend ending on the latest station-local date, with empty days as 0', async () => {
    const analysis = await result('admin', 'analysis');
    const [tokyo, utc] = [await localToday('Asia/Tokyo'), await localToday('UTC')];
    expect(analysis.trend).toHaveLength(30);
    expect(analysis.trend.at(-1)?.date).toBe(tokyo.d > utc.d ? tokyo.d : utc.d);
    expect(analysis.trend.map((day) => day.date)).toEqual([...analysis.trend.map((day) => day.date)].sort());
    const byDate = new Map(analysis.trend.map((day) => [day.date, day]));
    expect(byDate.get(tokyo.d)?.charge).toBe(tokyo.d === utc.d ? 16.5 : 5);
    // Tokyo's 5 + 3, Greenwich's 1.5 and Dark's 10; not the 40- and 400-day-old buckets.
    expect(analysis.trend.reduce((sum, day) => sum + day.charge, 0)).toBeCloseTo(19.5);
    expect(analysis.trend.filter((day) => day.charge === 0).length).toBeGreaterThanOrEqual(27);
  });

  it('lists the stations with most fault and protect events of the last 30 days, most first', async () => {
    const analysis = await result('admin', 'analysis');
    expect(analysis.topStations).toEqual([
      { id: station.tokyo.id, name: 'Tokyo harbour', status: StationStatus.Fault, faults: 2, protects: 1 },
      { id: station.dark.id, name: 'Dark valley', status: StationStatus.Offline, faults: 1, protects: 0 },
      { id: station.utc.id, name: 'Greenwich yard', status: StationStatus.Warning, faults: 0, protects: 1 },
    ]);
  });

  it('counts only the installer’s branch, and only an end user’s own stations', async () => {
    const installer = await result('installer', 'analysis');
    expect(installer.stations).toEqual({ total: 4, fault: 1, warning: 1, normal: 2, offline: 0 });
    expect(installer.loggers).toEqual({ total: 4, online: 4, offline: 0 });
    expect(installer.openEvents).toEqual({ total: 3, normal: 0, warning: 1, fault: 1, protect: 1 });
    expect(installer.energy.today).toEqual({ charge: 6.5, discharge: 2.5 });
    expect(installer.topStations.map((s) => s.name)).toEqual(['Tokyo harbour', 'Greenwich yard']);

    const enduser = await result('enduser', 'analysis');
    expect(enduser.stations).toEqual({ total: 3, fault: 1, warning: 1, normal: 1, offline: 0 });
    expect(enduser.loggers.total).toBe(3);

    const enduser2 = await result('enduser2', 'analysis');
    expect(enduser2.stations).toEqual({ total: 2, fault: 0, warning: 0, normal: 1, offline: 1 });
    expect(enduser2.openEvents).toEqual({ total: 1, normal: 1, warning: 0, fault: 0, protect: 0 });
    expect(enduser2.energy.today).toEqual({ charge: 10, discharge: 10 });
    expect(enduser2.topStations.map((s) => s.name)).toEqual(['Dark valley']);

    const distributor = await result('distributor', 'analysis');
    expect(distributor.stations.total).toBe(6);
    expect(distributor.loggers.total).toBe(6);
  });
});

describe('the station energy the analysis reads', () => {
  it('follows the batteries’ daily rollups on the minute’s refresh of today, and catches up a late day on the hourly one', async () => {
    const battery = `${station.dark.gsn}-B1`;
    await t.app.db.execute(sql`update tb_battery_rollup set charge_energy = 12 where battery_sn = ${battery} and period = '1d'`);
    await dailyRollup(battery, 'UTC', 5, 4, 3);
    await refreshStationEnergy(1);
    const afterMinute = await result('enduser2', 'analysis');
    expect(afterMinute.energy.today).toEqual({ charge: 12, discharge: 10 });
    // The administrator reads the tenant's sums per zone: the same change, the same moment.
    expect((await result('admin', 'analysis')).energy.today).toEqual({ charge: 18.5, discharge: 12.5 });
    // Five days back is outside the minute's refresh: the logger's late day is counted after the hourly one.
    expect(afterMinute.trend.reduce((sum, day) => sum + day.charge, 0)).toBe(12);
    await refreshStationEnergy(7);
    const afterHour = await result('enduser2', 'analysis');
    expect(afterHour.trend.reduce((sum, day) => sum + day.charge, 0)).toBe(16);
    expect(afterHour.energy.today).toEqual({ charge: 12, discharge: 10 });

    await t.app.db.execute(sql`update tb_battery_rollup set charge_energy = 10 where battery_sn = ${battery} and period = '1d' and charge_energy = 12`);
    await t.app.db.execute(sql`delete from tb_battery_rollup where battery_sn = ${battery} and charge_energy = 4`);
    await t.app.db.execute(sql`delete from tb_station_energy_day where station_id = ${station.dark.id}`);
    await t.app.db.execute(sql`delete from tb_station_energy_month where station_id = ${station.dark.id}`);
    await refreshStationEnergy(null);
    expect((await result('enduser2', 'analysis')).energy.today).toEqual({ charge: 10, discharge: 10 });
    expect((await result('admin', 'analysis')).energy.today).toEqual({ charge: 16.5, discharge: 12.5 });
  });
});

describe('GET /want/dashboard/monitor', () => {
  it('places the caller’s located stations, the worst first, and counts those without a location', async () => {
    const admin = await result('admin', 'monitor');
    expect(admin.stations.map((s) => s.name)).toEqual(['Tokyo harbour', 'Greenwich yard', 'Installer workshop', 'Quiet meadow', 'Dark valley']);
    expect(admin.stations[0]).toEqual({ id: station.tokyo.id, name: 'Tokyo harbour', lat: expect.any(Number), lon: expect.any(Number), status: StationStatus.Fault });
    expect(admin).toMatchObject({ located: 5, unlocated: 1, limit: 5000 });

    const enduser2 = await result('enduser2', 'monitor');
    expect(enduser2.stations.map((s) => s.name)).toEqual(['Dark valley']);
    expect(enduser2).toMatchObject({ located: 1, unlocated: 1 });
  });
});

describe('GET /want/dashboard/workplace', () => {
  it('lists open faults and protections, the latest commands and the upgrades under way, within the scope', async () => {
    const installer = await result('installer', 'workplace');
    expect(installer.openFaults?.total).toBe(2);
    expect(installer.openFaults?.records.map((e) => [e.type, e.code, e.stationId, e.stationName])).toEqual(
      expect.arrayContaining([
        ['fault', 'F-OVERTEMP', station.tokyo.id, 'Tokyo harbour'],
        ['protect', 'P-UNDERVOLT', station.tokyo.id, 'Tokyo harbour'],
      ]),
    );
    expect(installer.recentCommands?.map((c) => c.id).sort()).toEqual([commandIds.restartTokyo, commandIds.upgradeTokyo, commandIds.upgradeDone].sort());
    expect(installer.upgrades).toMatchObject({ total: 1, records: [{ id: commandIds.upgradeTokyo, op: 'upgrade', progress: 40, stationId: station.tokyo.id }] });

    const enduser2 = await result('enduser2', 'workplace');
    expect(enduser2.openFaults).toEqual({ total: 0, records: [] });
    expect(enduser2.recentCommands?.map((c) => c.id)).toEqual([commandIds.upgradeDark]);
    expect(enduser2.upgrades?.total).toBe(1);

    const admin = await result('admin', 'workplace');
    expect(admin.openFaults?.total).toBe(2);
    expect(admin.upgrades?.records.map((c) => c.id).sort()).toEqual([commandIds.upgradeTokyo, commandIds.upgradeDark].sort());
  });
});

describe('who may open the dashboards', () => {
  it('refuses a signed-out visitor and a user without the dashboards’ permissions', async () => {
    for (const url of ['analysis', 'monitor', 'workplace']) {
      expect((await t.request({ method: 'GET', url: `/boot/want/dashboard/${url}` })).statusCode).toBe(401);
    }
    await addUser(t, token.admin, { username: 'nodashboard', password: 'Nodash1234' });
    const plain = await t.login('nodashboard', 'Nodash1234');
    for (const url of ['analysis', 'monitor', 'workplace']) {
      const response = await api(plain, url);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ success: false, code: ServerCode.NO_PERMISSION });
    }
  });

  it('leaves out what the caller may not read on its own screen: the events without the events permission', async () => {
    // A role with the workplace but neither the events nor the commands.
    await t.app.db.execute(sql`insert into sys_role (id, role_code, role_name) values ('r-dash-only', 'dash_only', 'Workplace only')`);
    await t.app.db.execute(sql`insert into sys_role_permission (role_id, permission_id) values ('r-dash-only', 'm-dashboard'), ('r-dash-only', 'm-dashboard-workplace'), ('r-dash-only', 'b-dashboard-workplace')`);
    await addUser(t, token.admin, { username: 'workplaceonly', password: 'Workplace1234', selectedroles: 'r-dash-only' });
    const only = await t.login('workplaceonly', 'Workplace1234');
    const response = await api(only, 'workplace');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result).toEqual({ openFaults: null, recentCommands: null, upgrades: null });
    expect((await api(only, 'analysis')).statusCode).toBe(403);
  });

  it('is granted to every seeded role through the menu', async () => {
    const menu = (await t.request({ method: 'GET', url: '/boot/sys/permission/getUserPermissionByToken', token: token.enduser })).json().result.menu as { path: string; name: string; children?: { path: string; name: string }[] }[];
    expect(menu[0]).toMatchObject({ path: '/dashboard', name: 'dashboard' });
    expect(menu[0]?.children?.map((c) => c.name)).toEqual(['dashboard-analysis', 'dashboard-monitor', 'dashboard-workplace']);
  });
});
