import { ServerCode } from '@cellsight/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.js';
import { listenLive } from './support/live-events.js';
import { type TestApp, addUser, adminPassword, createTestApp, moveToTenant } from './support/test-app.js';

/**
 * The scope rule (issue 9, "who sees what"): every station and device endpoint × the four demo
 * roles × a record of the caller's own branch and one of another branch (for the administrator,
 * another tenant). The demo hierarchy: distributor → installer → enduser (station A),
 * distributor → installer2 → enduser2 (station B); a second distributor's branch owns station C;
 * station D is in another tenant.
 */
type Role = 'admin' | 'distributor' | 'installer' | 'enduser';
const roles: Role[] = ['admin', 'distributor', 'installer', 'enduser'];
const passwords: Record<Role, string> = { admin: adminPassword, distributor: 'Distributor2026', installer: 'Installer2026', enduser: 'Enduser2026' };

let t: TestApp;
const token = {} as Record<Role, string>;
/** Station ids by name, and each station's logger and battery. */
const station: Record<'A' | 'B' | 'C' | 'D', { id: string; gsn: string; battery: string; command: string; event: string }> = {} as never;
/** The record each role may see (its own) and one it may not (another branch; another tenant for the administrator). */
const own: Record<Role, 'A'> = { admin: 'A', distributor: 'A', installer: 'A', enduser: 'A' };
const foreign: Record<Role, 'B' | 'C' | 'D'> = { admin: 'D', distributor: 'C', installer: 'B', enduser: 'B' };

const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => ((await t.app.db.execute(query)) as unknown as { rows: T[] }).rows;
const api = (role: Role, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => t.request({ method, url: `/boot${url}`, token: token[role], ...(payload ? { payload } : {}) });
const keyOf = (gsn: string) => `key-${gsn.toLowerCase()}`;

let loggerSerial = 0;
/** Registers a logger as the administrator (its registrant), optionally in another tenant's name. */
const registerLogger = async (prefix: string): Promise<string> => {
  loggerSerial += 1;
  const gsn = `${prefix}${String(loggerSerial).padStart(4, '0')}`;
  const response = await api('admin', 'POST', '/want/logger/registerBatch', { loggers: [{ gsn, key: keyOf(gsn) }] });
  expect(response.json()).toMatchObject({ success: true });
  return gsn;
};
const loggerRow = (gsn: string) => JSON.stringify([{ gsn, key: keyOf(gsn), product_code: `${gsn}-M` }]);

/** Creates a station through the wizard's call as the administrator, for `masterId`, with one new logger. */
const createStation = async (name: string, masterId: string): Promise<{ id: string; gsn: string }> => {
  const gsn = await registerLogger('SCOPE');
  const response = await api('admin', 'POST', '/want/tbStation/add_station?from=EUR', { name, masterId, logger: loggerRow(gsn) });
  const body = response.json();
  expect(body, body.message).toMatchObject({ success: true, code: ServerCode.ADDED });
  return { id: body.message as string, gsn };
};

/** A battery with one reading, a daily rollup, a command and an event, on the logger. */
const equip = async (gsn: string): Promise<{ battery: string; command: string; event: string }> => {
  const battery = `${gsn}-B1`;
  const now = new Date();
  await t.app.db.execute(sql`insert into tb_battery (battery_sn, logger_gsn, last_ts, soc, power) values (${battery}, ${gsn}, ${now}, 61, 1.5)`);
  await t.app.db.execute(sql`insert into tb_battery_sample (battery_sn, ts, state, status, soc, soh, cycles, voltage, current, power, temperature,
      charge_energy_today, discharge_energy_today, relay_main, relay_charge, relay_discharge, role, work_mode, cell_voltages, cell_temperatures)
    values (${battery}, ${now}, 'charge', 'normal', 61, 98, 10, 51.2, 10, 1.5, 25, 1, 0, true, true, false, 'master', 'auto', ARRAY[3.2, 3.21]::real[], ARRAY[25]::real[])`);
  const command = newId();
  await t.app.db.execute(sql`insert into tb_command (id, logger_gsn, op, nonce, status, create_by) values (${command}, ${gsn}, 'restart', ${newId()}, 'sent', 'admin')`);
  const event = newId();
  // Ended: an open warning would make the station's status 'warning'.
  await t.app.db.execute(sql`insert into tb_event (id, logger_gsn, device_event_id, battery_sn, type, code, category, begin_time, end_time) values (${event}, ${gsn}, 'ev-1', ${battery}, 'warning', 'W-SOC-LOW', 'soc', ${now}, ${now})`);
  return { battery, command, event };
};

beforeAll(async () => {
  t = await createTestApp({ DEMO: '1', DEMO_LOGGERS: '0' });
  for (const role of roles) token[role] = await t.login(role, passwords[role]);
  const demoId = async (username: string) => (await rows<{ id: string }>(sql`select id from sys_user where username = ${username}`))[0]?.id as string;

  // A second distributor's branch, and an end user of another tenant.
  const distributor2 = await addUser(t, token.admin, { username: 'distributor2', selectedroles: 'r-distributor' });
  const installer3 = await addUser(t, token.admin, { username: 'installer3', selectedroles: 'r-installer' });
  const enduser3 = await addUser(t, token.admin, { username: 'enduser3', selectedroles: 'r-end-user' });
  await t.app.db.execute(sql`update sys_user set account_type = 'distributor' where id = ${distributor2}`);
  await t.app.db.execute(sql`update sys_user set account_type = 'installer', superior_id = ${distributor2} where id = ${installer3}`);
  await t.app.db.execute(sql`update sys_user set account_type = 'end_user', superior_id = ${installer3} where id = ${enduser3}`);

  for (const [name, owner] of [
    ['A', await demoId('enduser')],
    ['B', await demoId('enduser2')],
    ['C', enduser3],
    ['D', enduser3],
  ] as const) {
    const made = await createStation(`Station ${name} of the matrix`, owner);
    station[name] = { ...made, ...(await equip(made.gsn)) };
  }
  // Station D, its logger and its owner's branch belong to another tenant.
  await t.app.db.execute(sql`insert into sys_tenant (id, name) values (2, 'Tenant 2') on conflict do nothing`);
  await t.app.db.execute(sql`update tb_station set tenant_id = 2 where id = ${station.D.id}`);
  await t.app.db.execute(sql`update tb_logger set tenant_id = 2 where gsn = ${station.D.gsn}`);
  await moveToTenant(t, enduser3, 2);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** 404 with the not-found code: outside the scope is the same answer as a record that does not exist. */
const expectNotFound = (response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body).toBe(404);
  expect(response.json()).toMatchObject({ success: false, code: ServerCode.NOT_FOUND });
};
const expectForbidden = (response: LightMyRequestResponse) => expect(response.statusCode, response.body).toBe(403);

describe('which stations each role sees', () => {
  it.each([
    ['admin', ['A', 'B', 'C']],
    ['distributor', ['A', 'B']],
    ['installer', ['A']],
    ['enduser', ['A']],
  ] as const)('%s lists exactly stations %j', async (role, expected) => {
    const body = (await api(role, 'GET', '/want/tbStation/list?pageSize=100')).json();
    const names = (body.result.records as { name: string }[]).map((r) => r.name.replace('Station ', '').replace(' of the matrix', '')).sort();
    expect(names).toEqual([...expected]);
    expect(body.result.total).toBe(expected.length);
  });

  it('the station list carries the owner, installer and distributor, and the loggers and batteries on it', async () => {
    const body = (await api('installer', 'GET', '/want/tbStation/list')).json();
    expect(body.result.records[0]).toMatchObject({ ownerName: 'Demo End User', installerName: 'Demo Installer', distributorName: 'Demo Distributor', loggerCount: 1, batteryCount: 1, pid: '0', status: 3 });
  });

  it.each([
    ['admin', ['installer', 'installer2', 'enduser', 'enduser2', 'demo', 'distributor']],
    ['distributor', ['installer', 'installer2', 'enduser', 'enduser2', 'demo']],
    ['installer', ['enduser', 'demo']],
    ['enduser', []],
  ] as const)('%s may give a new station to itself and exactly %j', async (role, below) => {
    const body = (await api(role, 'GET', '/want/tbStation/owners')).json();
    const names = (body.result as { username: string }[]).map((o) => o.username);
    expect(names[0]).toBe(role);
    expect(names.slice(1).filter((n) => !['distributor2', 'installer3', 'enduser3'].includes(n) || role === 'admin')).toEqual(expect.arrayContaining([...below]));
    if (role !== 'admin') expect(names.slice(1).sort()).toEqual([...below].sort());
  });
});

/** One cell: what the call answers for the role's own record and for the foreign one. */
interface Cell {
  name: string;
  /** Roles without the permission: 403 for both records. */
  forbidden?: Role[];
  call(role: Role, record: (typeof station)['A']): Promise<LightMyRequestResponse>;
  /** What the own record's answer must show (the scope let it through). */
  own(response: LightMyRequestResponse, record: (typeof station)['A']): void;
  /** What the foreign record's answer must show; a 404 unless given. */
  foreign?(response: LightMyRequestResponse, record: (typeof station)['A']): void;
}

const notListed = (response: LightMyRequestResponse) => {
  expect(response.statusCode).toBe(200);
  return response.json().result.records as Record<string, string>[];
};

const cells: Cell[] = [
  {
    name: 'GET /want/tbStation/queryById',
    call: (role, r) => api(role, 'GET', `/want/tbStation/queryById?id=${r.id}`),
    own: (response, r) => expect(response.json().result).toMatchObject({ id: r.id, loggerCount: 1 }),
  },
  {
    name: 'PUT /want/tbStation/edit',
    call: (role, r) => api(role, 'PUT', '/want/tbStation/edit', { id: r.id, remark: `edited by ${role}` }),
    own: (response) => expect(response.json()).toMatchObject({ success: true, code: ServerCode.EDITED }),
  },
  {
    name: 'DELETE /want/tbStation/delete (refused while loggers are bound)',
    forbidden: ['installer', 'enduser'],
    call: (role, r) => api(role, 'DELETE', `/want/tbStation/delete?id=${r.id}`),
    own: (response) => expect(response.json()).toMatchObject({ success: false, code: ServerCode.OPERATION_FAILED }),
  },
  {
    name: 'GET /want/tbStation/exportCsv (selected rows)',
    forbidden: ['enduser'],
    call: (role, r) => api(role, 'GET', `/want/tbStation/exportCsv?selections=${r.id}`),
    own: (response) => expect(response.body).toContain('Station A of the matrix'),
    foreign: (response) => {
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('of the matrix');
    },
  },
  {
    name: 'GET /want/tbStation/list?keyWord=<logger SN>',
    call: (role, r) => api(role, 'GET', `/want/tbStation/list?keyWord=${r.gsn}`),
    own: (response, r) => expect(response.json().result.records.map((s: { id: string }) => s.id)).toEqual([r.id]),
    foreign: (response) => expect(notListed(response)).toEqual([]),
  },
  {
    name: 'POST /want/tbStation/add_station with pid (a sub-station)',
    call: async (role, r) => api(role, 'POST', '/want/tbStation/add_station', { name: `Sub of ${role}`, pid: r.id, logger: loggerRow(await registerLogger('SUB')) }),
    own: (response) => expect(response.json()).toMatchObject({ success: true, code: ServerCode.ADDED }),
  },
  {
    name: 'POST /want/tbStation/add_logger',
    forbidden: [],
    call: async (role, r) => api(role, 'POST', '/want/tbStation/add_logger', { stationId: r.id, logger: loggerRow(await registerLogger('MORE')) }),
    own: (response) => expect(response.json()).toMatchObject({ success: true }),
  },
  {
    name: 'GET /want/logger/list',
    call: (role) => api(role, 'GET', '/want/logger/list?pageSize=100'),
    own: (response, r) => expect(notListed(response).map((l) => l.gsn)).toContain(r.gsn),
    foreign: (response, r) => expect(notListed(response).map((l) => l.gsn)).not.toContain(r.gsn),
  },
  {
    name: 'GET /want/logger/refusals',
    call: (role, r) => api(role, 'GET', `/want/logger/refusals?gsn=${r.gsn}`),
    own: (response) => expect(response.json()).toMatchObject({ success: true, result: [] }),
  },
  {
    name: 'POST /want/logger/edit (alias)',
    call: (role, r) => api(role, 'POST', '/want/logger/edit', { gsn: r.gsn, alias: `alias of ${role}` }),
    own: (response) => expect(response.json()).toMatchObject({ success: true, code: ServerCode.EDITED }),
  },
  {
    name: 'POST /want/logger/rotateKey',
    forbidden: ['distributor', 'installer', 'enduser'],
    call: (role, r) => api(role, 'POST', '/want/logger/rotateKey', { gsn: r.gsn, key: `new-${keyOf(r.gsn)}` }),
    own: (response) => expect(response.json()).toMatchObject({ success: true }),
  },
  {
    name: 'GET /want/battery/list',
    call: (role) => api(role, 'GET', '/want/battery/list?pageSize=100'),
    own: (response, r) => expect(notListed(response).map((b) => b.batterySn)).toContain(r.battery),
    foreign: (response, r) => expect(notListed(response).map((b) => b.batterySn)).not.toContain(r.battery),
  },
  {
    name: 'GET /want/battery/list?stationId=',
    call: (role, r) => api(role, 'GET', `/want/battery/list?stationId=${r.id}`),
    own: (response, r) => expect(notListed(response).map((b) => b.batterySn)).toEqual([r.battery]),
    foreign: (response) => expect(notListed(response)).toEqual([]),
  },
  {
    name: 'GET /want/battery/history',
    call: (role, r) => api(role, 'GET', `/want/battery/history?batterySn=${r.battery}&period=1h`),
    own: (response, r) => expect(response.json().result).toMatchObject({ batterySn: r.battery }),
  },
  {
    name: 'GET /want/battery/historyRange',
    call: (role, r) => api(role, 'GET', `/want/battery/historyRange?batterySn=${r.battery}&range=month`),
    own: (response, r) => expect(response.json().result).toMatchObject({ batterySn: r.battery, period: '1h' }),
  },
  {
    name: 'GET /want/battery/historyRange/exportCsv',
    call: (role, r) => api(role, 'GET', `/want/battery/historyRange/exportCsv?batterySn=${r.battery}&range=day`),
    own: (response) => expect(response.headers['content-type']).toContain('text/csv'),
  },
  {
    name: 'GET /want/tbStation/chart',
    call: (role, r) => api(role, 'GET', `/want/tbStation/chart?id=${r.id}&range=year`),
    own: (response, r) => expect(response.json().result).toMatchObject({ id: r.id, period: '1d' }),
  },
  {
    name: 'GET /want/tbStation/chart/exportXls',
    call: (role, r) => api(role, 'GET', `/want/tbStation/chart/exportXls?id=${r.id}&range=day`),
    own: (response) => expect(response.headers['content-type']).toContain('spreadsheetml'),
  },
  {
    name: 'GET /want/battery/cells',
    call: (role, r) => api(role, 'GET', `/want/battery/cells?batterySn=${r.battery}`),
    own: (response) => expect(response.json().result.cellVoltages).toEqual([3.2, 3.21]),
  },
  {
    name: 'GET /want/battery/cellHistory (cell heat map)',
    call: (role, r) => api(role, 'GET', `/want/battery/cellHistory?batterySn=${r.battery}`),
    own: (response, r) => expect(response.json().result).toMatchObject({ batterySn: r.battery, kind: 'voltage', bucketMinutes: 5 }),
  },
  {
    name: 'GET /want/battery/queryById (battery detail)',
    call: (role, r) => api(role, 'GET', `/want/battery/queryById?id=${r.battery}`),
    own: (response, r) => expect(response.json().result).toMatchObject({ batterySn: r.battery, loggerGsn: r.gsn, stationId: r.id, soc: 61 }),
  },
  {
    name: 'POST /want/battery/edit (alias)',
    call: (role, r) => api(role, 'POST', '/want/battery/edit', { batterySn: r.battery, alias: `pack of ${role}` }),
    own: (response) => expect(response.json()).toMatchObject({ success: true, code: ServerCode.EDITED }),
  },
  {
    name: 'GET /want/battery/exportCsv',
    call: (role) => api(role, 'GET', '/want/battery/exportCsv'),
    own: (response, r) => expect(response.body).toContain(r.battery),
    foreign: (response, r) => expect(response.body).not.toContain(r.battery),
  },
  {
    name: 'POST /want/device/operate (restart)',
    call: (role, r) => api(role, 'POST', '/want/device/operate', { gsno: r.gsn, op: 'restart', val: '' }),
    // Through the scope, the offline logger is the refusal.
    own: (response) => expect(response.json()).toMatchObject({ success: false, code: ServerCode.DEVICE_OFFLINE }),
  },
  {
    name: 'GET /want/command/list',
    call: (role) => api(role, 'GET', '/want/command/list?pageSize=100'),
    own: (response, r) => expect(notListed(response).map((c) => c.id)).toContain(r.command),
    foreign: (response, r) => expect(notListed(response).map((c) => c.id)).not.toContain(r.command),
  },
  {
    name: 'GET /want/command/queryById',
    call: (role, r) => api(role, 'GET', `/want/command/queryById?id=${r.command}`),
    own: (response, r) => expect(response.json().result).toMatchObject({ id: r.command }),
  },
  {
    name: 'GET /want/event/list',
    call: (role) => api(role, 'GET', '/want/event/list?pageSize=100'),
    own: (response, r) => expect(notListed(response).map((e) => e.id)).toContain(r.event),
    foreign: (response, r) => expect(notListed(response).map((e) => e.id)).not.toContain(r.event),
  },
  {
    name: 'GET /want/event/queryById',
    call: (role, r) => api(role, 'GET', `/want/event/queryById?id=${r.event}`),
    own: (response, r) => expect(response.json().result).toMatchObject({ id: r.event, loggerGsn: r.gsn, stationId: r.id }),
  },
  {
    name: 'POST /want/event/acknowledge',
    forbidden: ['enduser'],
    call: (role, r) => api(role, 'POST', '/want/event/acknowledge', { ids: [r.event], comment: `seen by ${role}` }),
    own: (response) => expect(response.json()).toMatchObject({ success: true, code: ServerCode.EDITED }),
  },
  {
    name: 'GET /want/batteryChange/list',
    call: async (role, r) => {
      await t.app.db.execute(sql`insert into tb_battery_change (id, tenant_id, logger_gsn, station_id, old_sn, new_sn, change_time, source)
        select ${`bc-${r.gsn}`}, tenant_id, gsn, station_id, ${r.battery}, ${`${r.gsn}-B2`}, now(), 'detected' from tb_logger where gsn = ${r.gsn} on conflict do nothing`);
      return api(role, 'GET', '/want/batteryChange/list?pageSize=100');
    },
    own: (response, r) => expect(notListed(response).map((c) => c.id)).toContain(`bc-${r.gsn}`),
    foreign: (response, r) => expect(notListed(response).map((c) => c.id)).not.toContain(`bc-${r.gsn}`),
  },
  {
    name: 'POST /want/batteryChange/add',
    forbidden: ['enduser'],
    call: (role, r) => api(role, 'POST', '/want/batteryChange/add', { loggerGsn: r.gsn, oldSn: r.battery, newSn: `${r.gsn}-B3`, changeTime: new Date(Date.now() - 60_000).toISOString(), remark: `by ${role}` }),
    own: (response) => expect(response.json()).toMatchObject({ success: true, code: ServerCode.ADDED }),
  },
  {
    name: 'GET /want/dashboard/monitor',
    call: async (role, r) => {
      // Only located stations are on the map.
      await t.app.db.execute(sql`update tb_station set lat = 1, lon = 2 where id = ${r.id}`);
      return api(role, 'GET', '/want/dashboard/monitor');
    },
    own: (response, r) => expect(response.json().result.stations.map((s: { id: string }) => s.id)).toContain(r.id),
    foreign: (response, r) => expect(response.json().result.stations.map((s: { id: string }) => s.id)).not.toContain(r.id),
  },
  {
    name: 'GET /want/dashboard/workplace (recent commands)',
    call: (role) => api(role, 'GET', '/want/dashboard/workplace'),
    own: (response, r) => expect(response.json().result.recentCommands.map((c: { id: string }) => c.id)).toContain(r.command),
    foreign: (response, r) => expect(response.json().result.recentCommands.map((c: { id: string }) => c.id)).not.toContain(r.command),
  },
];

describe.each(cells)('$name', (cell) => {
  it.each(roles)('%s: own record passes the scope, a foreign one answers as missing', async (role) => {
    const mine = await cell.call(role, station[own[role]]);
    const theirs = await cell.call(role, station[foreign[role]]);
    if (cell.forbidden?.includes(role)) {
      expectForbidden(mine);
      expectForbidden(theirs);
      return;
    }
    cell.own(mine, station[own[role]]);
    if (cell.foreign) cell.foreign(theirs, station[foreign[role]]);
    else expectNotFound(theirs);
  });
});

describe('permissions per operation (which commands a role may send)', () => {
  it.each([
    ['enduser', 'settings'],
    ['enduser', 'upgrade'],
    ['enduser', 'shutdown'],
    ['installer', 'shutdown'],
  ] as const)('%s may not send %s, even to its own logger', async (role, op) => {
    expectForbidden(await api(role, 'POST', '/want/device/operate', { gsno: station.A.gsn, op, val: op === 'settings' ? '{"eod":45}' : op === 'upgrade' ? '{"version":"2.0.0","url":"https://example.org/fw.bin"}' : '' }));
  });

  it('the distributor may shut down a logger of its branch (refused only as offline)', async () => {
    expect((await api('distributor', 'POST', '/want/device/operate', { gsno: station.A.gsn, op: 'shutdown', val: '' })).json()).toMatchObject({ code: ServerCode.DEVICE_OFFLINE });
  });
});

describe('loggers on no station', () => {
  it('only their registrant and administrators see them', async () => {
    const gsn = await registerLogger('LOOSE');
    for (const role of ['distributor', 'installer', 'enduser'] as const) {
      expect(notListed(await api(role, 'GET', '/want/logger/list?pageSize=100')).map((l) => l.gsn)).not.toContain(gsn);
      expectNotFound(await api(role, 'GET', `/want/logger/refusals?gsn=${gsn}`));
    }
    expect(notListed(await api('admin', 'GET', '/want/logger/list?pageSize=100')).map((l) => l.gsn)).toContain(gsn);
  });

  it('an installer sees the loggers it registered until they are on a station', async () => {
    const gsn = 'INSTALLER-OWN-1';
    expect((await api('installer', 'POST', '/want/logger/registerBatch', { loggers: [{ gsn, key: keyOf(gsn) }] })).json()).toMatchObject({ success: true });
    expect(notListed(await api('installer', 'GET', `/want/logger/list?gsn=${gsn}`)).map((l) => l.gsn)).toEqual([gsn]);
    expect(notListed(await api('enduser', 'GET', `/want/logger/list?gsn=${gsn}`))).toEqual([]);
  });

  it('a logger of another tenant does not exist for the wizard (4000 on its row)', async () => {
    const body = (await api('admin', 'POST', '/want/tbStation/check_sn', { gsn_0: station.D.gsn, key_0: keyOf(station.D.gsn), product_code_0: 'PC-OTHER-1' })).json();
    expect(body).toMatchObject({ success: false, code: ServerCode.NOT_FOUND, result: 0, message: `${station.D.gsn} does not exist` });
  });
});

describe('live events follow the scope', () => {
  it('a logger going online is told to its station’s installer and the administrators, not to another branch', async () => {
    const installer2 = await t.login('installer2', 'Installer2026');
    const sockets = { admin: await listenLive(t, token.admin), installer2: await listenLive(t, installer2), installer: await listenLive(t, token.installer), enduser: await listenLive(t, token.enduser) };
    const { connectLogger } = await import('./support/device.js');
    const logger = await connectLogger(t.app.devicePlane.brokerPort ?? 0, station.B.gsn, keyOf(station.B.gsn));
    await logger.publishAsync(`cs/v1/${station.B.gsn}/state`, JSON.stringify({ v: 1, online: true }), { qos: 1 });
    const heardB = (name: keyof typeof sockets) => sockets[name].heard.some((e) => e.event === 'logger.state' && e.data.gsn === station.B.gsn);
    for (let i = 0; i < 50 && !(heardB('admin') && heardB('installer2')); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heardB('admin')).toBe(true);
    expect(heardB('installer2')).toBe(true);
    expect(heardB('installer')).toBe(false);
    expect(heardB('enduser')).toBe(false);
    // The station's status followed its logger (refreshed beside the message, not before its acknowledgement).
    await t.app.devicePlane.settled();
    expect((await api('admin', 'GET', `/want/tbStation/queryById?id=${station.B.id}`)).json().result).toMatchObject({ status: 2, loggersOnline: 1 });
    logger.end(true);
    for (const socket of Object.values(sockets)) socket.close();
  });
});

describe('the hierarchy is kept on the Users screen', () => {
  const userId = async (username: string) => (await rows<{ id: string }>(sql`select id from sys_user where username = ${username}`))[0]?.id as string;
  const edit = (payload: object) => api('admin', 'PUT', '/sys/user/edit', payload);

  it('lists each user with its account type and superior', async () => {
    const body = (await api('admin', 'GET', '/sys/user/list?username=enduser')).json();
    expect(body.result.records[0]).toMatchObject({ accountType: 'end_user', accountType_dictText: 'End user', superiorName: 'Demo Installer' });
  });

  it('refuses a superior of the wrong type, naming the field', async () => {
    const response = await edit({ id: await userId('enduser'), realname: 'Demo End User', superiorId: await userId('enduser2') });
    expect(response.statusCode).toBe(400);
    expect(response.json().result.errors).toEqual([{ field: 'superiorId', message: 'the superior of end_user must be installer or distributor' }]);
    const distributor = await edit({ id: await userId('distributor'), realname: 'Demo Distributor', superiorId: await userId('installer') });
    expect(distributor.json().result.errors[0].field).toBe('superiorId');
  });

  it('moving an end user under another installer moves its stations: the former installer no longer sees them', async () => {
    const response = await edit({ id: await userId('enduser'), realname: 'Demo End User', superiorId: await userId('installer2') });
    expect(response.json()).toMatchObject({ success: true });
    expectNotFound(await api('installer', 'GET', `/want/tbStation/queryById?id=${station.A.id}`));
    expect(notListed(await api('installer', 'GET', '/want/logger/list?pageSize=100')).map((l) => l.gsn)).not.toContain(station.A.gsn);
    const installer2 = await t.login('installer2', 'Installer2026');
    const seen = await t.request({ method: 'GET', url: `/boot/want/tbStation/queryById?id=${station.A.id}`, token: installer2 });
    expect(seen.json().result).toMatchObject({ installerName: 'Demo Installer Two', distributorName: 'Demo Distributor' });
  });
});

/**
 * The foreign-tenant cells (issue 12): an administrator of tenant 2 (holding every permission, as
 * the administrator role does) against tenant 1's station A, its logger, battery, event and command,
 * its users and tenant 1 itself: never listed, 404 one by one; its own tenant's station D passes.
 */
describe("a tenant administrator of tenant 2 against tenant 1's records", () => {
  let tenantAdmin: string;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.request({ method, url: `/boot${url}`, token: tenantAdmin, ...(payload ? { payload } : {}) });
  const listed = async (url: string, field: string) => {
    const response = await call('GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().result.records as Record<string, unknown>[]).map((record) => record[field]);
  };

  beforeAll(async () => {
    const id = await addUser(t, token.admin, { username: 'tenant2_admin', selectedroles: 'r-admin' });
    await t.app.db.execute(sql`update sys_user set account_type = 'admin' where id = ${id}`);
    await moveToTenant(t, id, 2);
    tenantAdmin = await t.login('tenant2_admin', 'Passw0rd1');
  });

  it('lists its own tenant\'s station, logger, battery, event and command, and none of tenant 1', async () => {
    expect(await listed('/want/tbStation/list?pageSize=100', 'id')).toEqual([station.D.id]);
    expect(await listed('/want/logger/list?pageSize=100', 'gsn')).toEqual([station.D.gsn]);
    expect(await listed('/want/battery/list?pageSize=100', 'batterySn')).toEqual([station.D.battery]);
    expect(await listed('/want/event/list?pageSize=100', 'id')).toEqual([station.D.event]);
    expect(await listed('/want/command/list?pageSize=100', 'id')).toEqual([station.D.command]);
  });

  it.each([
    ['station', (r: (typeof station)['A']) => `/want/tbStation/queryById?id=${r.id}`],
    ['battery', (r: (typeof station)['A']) => `/want/battery/queryById?id=${r.battery}`],
    ['event', (r: (typeof station)['A']) => `/want/event/queryById?id=${r.event}`],
    ['command', (r: (typeof station)['A']) => `/want/command/queryById?id=${r.command}`],
    ['logger refusals', (r: (typeof station)['A']) => `/want/logger/refusals?gsn=${r.gsn}`],
  ] as const)("reads its own %s and gets 404 for tenant 1's", async (_name, url) => {
    expect((await call('GET', url(station.D))).statusCode).toBe(200);
    expectNotFound(await call('GET', url(station.A)));
  });

  it("gets 404 when changing tenant 1's station, logger and battery", async () => {
    expectNotFound(await call('PUT', '/want/tbStation/edit', { id: station.A.id, remark: 'not mine' }));
    expectNotFound(await call('POST', '/want/logger/edit', { gsn: station.A.gsn, alias: 'not mine' }));
    expectNotFound(await call('POST', '/want/battery/edit', { batterySn: station.A.battery, alias: 'not mine' }));
  });

  it("lists only tenant 2's users and tenants; tenant 1's user and tenant 1 are 404", async () => {
    const usernames = await listed('/sys/user/list?pageSize=100', 'username');
    expect(usernames.sort()).toEqual(['enduser3', 'tenant2_admin']);
    const adminId = (await rows<{ id: string }>(sql`select id from sys_user where username = 'admin'`))[0]?.id ?? '';
    expectNotFound(await call('GET', `/sys/user/queryById?id=${adminId}`));
    expect(await listed('/sys/tenant/list', 'id')).toEqual([2]);
    expectNotFound(await call('GET', '/sys/tenant/queryById?id=1'));
  });
});
