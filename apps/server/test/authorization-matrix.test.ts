import * as contract from '@cellsight/contract';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.js';
import type { RouteScope, ScopedRecord } from '../src/kit/route.js';
import { createSessionRepository, hashToken } from '../src/access/session.repository.js';
import {
  type Column,
  type Expected,
  type Identity,
  type MatrixRecord,
  type RouteRow,
  columns,
  arrayBodies,
  matrixRows,
  recordCell,
  refusal,
  requestFields,
  unscopedCell,
} from './support/authorization-matrix.js';
import { type TestApp, addUser, adminPassword, createTestApp, moveToTenant, queryRows } from './support/test-app.js';

/**
 * The generated authorisation matrix (issue 13): every route of the server's own route table × every
 * kind of caller of the seed (administrator, distributor, installer, end user, demo, an account with
 * no role, no token, an expired token, and tokens of accounts whose password was changed, that were
 * frozen, lost their role or were deleted) × a record of the caller's own branch, one of another
 * branch and one of another tenant. Each cell's answer follows from what the route declares next to
 * it (`access`, `demoAllowed`, `scope`), so a route without a declaration fails here.
 */

let t: TestApp;
let rows: RouteRow[] = [];
let undeclared: string[] = [];
const identities: Identity[] = [];
/** Records by kind and label. */
const records = {} as Record<ScopedRecord, Record<string, MatrixRecord>>;
/** Which record fills each column for each caller, by kind (a kind without platform-wide records leaves that column out). */
const picks = {} as Record<ScopedRecord, Record<string, Partial<Record<Column, string>>>>;

const idOf = async (username: string) => (await queryRows<{ id: string }>(t, sql`select id from sys_user where username = ${username}`))[0]?.id as string;

beforeAll(async () => {
  t = await createTestApp({ DEMO: '1', DEMO_LOGGERS: '0' });
  ({ rows, undeclared } = matrixRows(t.app.routeTable));
  const admin = await t.login('admin', adminPassword);
  const api = (method: InjectOptions['method'], url: string, payload?: object) => t.request({ method, url: `/boot${url}`, token: admin, ...(payload ? { payload } : {}) });

  // The demo hierarchy: distributor → installer → enduser, demo; distributor → installer2 → enduser2.
  // A second distributor's branch (distributor2 → installer3 → enduser3) and a tenant-2 account.
  const user = async (username: string, accountType: string, superiorId: string | null, role = 'r-end-user') => {
    const id = await addUser(t, admin, { username, selectedroles: role });
    await t.app.db.execute(sql`update sys_user set account_type = ${accountType}, superior_id = ${superiorId} where id = ${id}`);
    return id;
  };
  const ids: Record<string, string> = Object.fromEntries(await Promise.all(['admin', 'distributor', 'installer', 'installer2', 'enduser', 'enduser2', 'demo'].map(async (name) => [name, await idOf(name)] as const)));
  ids.distributor2 = await user('mx_distributor2', 'distributor', null, 'r-distributor');
  ids.installer3 = await user('mx_installer3', 'installer', ids.distributor2, 'r-installer');
  ids.enduser3 = await user('mx_enduser3', 'end_user', ids.installer3);
  ids.tenant2 = await user('mx_tenant2', 'end_user', null);
  await moveToTenant(t, ids.tenant2, 2);

  // Stations and what is on them: A (enduser's), B (enduser2's), C (the second branch's), D (tenant 2), E (demo's).
  let serial = 0;
  const station = async (label: string, owner: string) => {
    serial += 1;
    const gsn = `MXLOG${label}${String(serial).padStart(3, '0')}`;
    expect((await api('POST', '/want/logger/registerBatch', { loggers: [{ gsn, key: `key-${gsn.toLowerCase()}` }] })).json()).toMatchObject({ success: true });
    const made = (await api('POST', '/want/tbStation/add_station?from=EUR', { name: `MX Station ${label}`, masterId: owner, logger: JSON.stringify([{ gsn, key: `key-${gsn.toLowerCase()}`, product_code: `${gsn}-M` }]) })).json();
    expect(made, made.message).toMatchObject({ success: true });
    const id = made.message as string;
    const battery = `${gsn}-B1`;
    const now = new Date();
    await t.app.db.execute(sql`insert into tb_battery (battery_sn, logger_gsn, last_ts, soc, power) values (${battery}, ${gsn}, ${now}, 61, 1.5)`);
    await t.app.db.execute(sql`insert into tb_battery_sample (battery_sn, ts, state, status, soc, soh, cycles, voltage, current, power, temperature,
        charge_energy_today, discharge_energy_today, relay_main, relay_charge, relay_discharge, role, work_mode, cell_voltages, cell_temperatures)
      values (${battery}, ${now}, 'charge', 'normal', 61, 98, 10, 51.2, 10, 1.5, 25, 1, 0, true, true, false, 'master', 'auto', ARRAY[3.2, 3.21]::real[], ARRAY[25]::real[])`);
    const command = newId();
    await t.app.db.execute(sql`insert into tb_command (id, logger_gsn, op, nonce, status, create_by) values (${command}, ${gsn}, 'restart', ${newId()}, 'sent', 'admin')`);
    const event = newId();
    await t.app.db.execute(sql`insert into tb_event (id, logger_gsn, device_event_id, battery_sn, type, code, category, begin_time, end_time) values (${event}, ${gsn}, ${`ev-${label}`}, ${battery}, 'warning', 'W-SOC-LOW', 'soc', ${now}, ${now})`);
    const [row] = await queryRows<{ owner: string; installer: string | null; distributor: string | null }>(t, sql`select owner_id as owner, installer_id as installer, distributor_id as distributor from tb_station where id = ${id}`);
    // A ticket on the station, filed in its owner's name (the demo account cannot file one itself).
    const filed = (await api('POST', '/want/ticket/add', { title: `MX ticket ${label}`, category: 'defect', stationId: id, contact: 'Matrix', contact_mobile: '13800138000', description: 'Filed by the authorisation matrix' })).json();
    expect(filed, filed.message).toMatchObject({ success: true });
    const ticket = filed.result as string;
    await t.app.db.execute(sql`update tb_ticket set submitter_id = ${owner} where id = ${ticket}`);
    const base = { tenant: 1, ...row } as Omit<MatrixRecord, 'label' | 'key'>;
    return { label, id, gsn, battery, command, event, ticket, base };
  };
  const stations = [await station('A', ids.enduser as string), await station('B', ids.enduser2 as string), await station('C', ids.enduser3), await station('D', ids.enduser3), await station('E', ids.demo as string)];
  const stationD = stations[3]!;
  await t.app.db.execute(sql`insert into sys_tenant (id, name) values (2, 'Tenant 2') on conflict do nothing`);
  await t.app.db.execute(sql`update tb_station set tenant_id = 2 where id = ${stationD.id}`);
  await t.app.db.execute(sql`update tb_logger set tenant_id = 2 where gsn = ${stationD.gsn}`);
  await t.app.db.execute(sql`update tb_ticket set tenant_id = 2 where id = ${stationD.ticket}`);
  stationD.base.tenant = 2;
  for (const kind of ['station', 'logger', 'battery', 'event', 'command', 'ticket'] as const) {
    records[kind] = Object.fromEntries(
      stations.map((s) => [s.label, { ...s.base, label: s.label, key: { station: s.id, logger: s.gsn, battery: s.battery, event: s.event, command: s.command, ticket: s.ticket }[kind] }]),
    );
    // Own: the caller's station; other branch: a station of a branch beside it; other tenant: D. Tickets are filed by
    // each station's owner, so the ticket rule (the station seen, and filed by the caller or an account below it) is the station's.
    picks[kind] = {
      admin: { own: 'A', 'other branch': 'C', 'other tenant': 'D' },
      distributor: { own: 'A', 'other branch': 'C', 'other tenant': 'D' },
      installer: { own: 'A', 'other branch': 'B', 'other tenant': 'D' },
      enduser: { own: 'A', 'other branch': 'B', 'other tenant': 'D' },
      demo: { own: 'E', 'other branch': 'A', 'other tenant': 'D' },
      norole: { own: 'A', 'other branch': 'B', 'other tenant': 'D' },
    };
  }

  // Accounts as records: users (the tenant's, for the Users screen) and members (those below the caller).
  const account = (username: string, tenant = 1): MatrixRecord => ({ label: username, key: ids[username] as string, username: username === 'tenant2' ? 'mx_tenant2' : username.replace(/^(distributor2|installer3|enduser3)$/, 'mx_$1'), tenant, superiors: [] });
  const accounts: Record<string, MatrixRecord> = Object.fromEntries(['distributor', 'installer', 'installer2', 'enduser', 'enduser2', 'demo', 'distributor2', 'installer3', 'enduser3'].map((name) => [name, account(name)]));
  accounts.tenant2 = account('tenant2', 2);
  const superiorsOf: Record<string, string[]> = { installer: ['distributor'], installer2: ['distributor'], enduser: ['installer', 'distributor'], demo: ['installer', 'distributor'], enduser2: ['installer2', 'distributor'], installer3: ['distributor2'], enduser3: ['installer3', 'distributor2'] };
  for (const [name, above] of Object.entries(superiorsOf)) (accounts[name] as MatrixRecord).superiors = above.map((n) => ids[n] as string);
  records.user = accounts;
  records.member = accounts;
  picks.user = Object.fromEntries(['admin', 'distributor', 'installer', 'enduser', 'demo', 'norole'].map((who) => [who, { own: 'enduser', 'other branch': 'enduser3', 'other tenant': 'tenant2' }]));
  picks.member = {
    admin: { own: 'distributor', 'other branch': 'distributor2', 'other tenant': 'tenant2' },
    distributor: { own: 'installer', 'other branch': 'installer3', 'other tenant': 'tenant2' },
    installer: { own: 'enduser', 'other branch': 'enduser2', 'other tenant': 'tenant2' },
    enduser: { own: 'demo', 'other branch': 'enduser2', 'other tenant': 'tenant2' },
    demo: { own: 'enduser', 'other branch': 'enduser2', 'other tenant': 'tenant2' },
    norole: { own: 'enduser', 'other branch': 'enduser2', 'other tenant': 'tenant2' },
  };

  // Roles as records: the platform's (every tenant gives it, only platform administrators change it) and each tenant's own.
  const role = async (label: string, tenant: number | null) => {
    const id = `mx-role-${label.toLowerCase()}`;
    await t.app.db.execute(sql`insert into sys_role (id, role_name, role_code, tenant_id) values (${id}, ${`Matrix role ${label}`}, ${`mx_role_${label.toLowerCase()}`}, ${tenant})`);
    return [label, { label, key: id, tenant }] as const;
  };
  records.role = Object.fromEntries([await role('P', null), await role('T1', 1), await role('T2', 2)]);
  picks.role = {
    admin: { own: 'T1', 'other tenant': 'T2', 'platform-wide': 'P' },
    tenantadmin: { own: 'T2', 'other tenant': 'T1', 'platform-wide': 'P' },
    norole: { own: 'T1', 'other tenant': 'T2', 'platform-wide': 'P' },
  };
  // Each tenant's own organisation, positions and reports: tenant 1's seeded root department and shipped report, and tenant 2's.
  await t.app.db.execute(sql`insert into sys_depart (id, depart_name, org_code, tenant_id) values ('mx-depart-t2', 'Matrix tenant 2', 'A99', 2)`);
  await t.app.db.execute(sql`insert into sys_position (id, code, name, post_rank, tenant_id) values ('mx-position-t1', 'MX1', 'Matrix position 1', '1', 1), ('mx-position-t2', 'MX2', 'Matrix position 2', '1', 2)`);
  await t.app.db.execute(sql`insert into onl_cgreport_head (id, code, name, cgr_sql, tenant_id) values ('mx-report-t2', 'mx_report', 'Matrix report', 'select id, name from report.stations', 2)`);
  const tenantRows = (t1: string, t2: string) => ({ T1: { label: 'T1', key: t1, tenant: 1 }, T2: { label: 'T2', key: t2, tenant: 2 } });
  records.depart = tenantRows('d-root', 'mx-depart-t2');
  records.position = tenantRows('mx-position-t1', 'mx-position-t2');
  records.report = tenantRows('rp0stations000000000000000000001', 'mx-report-t2');
  for (const kind of ['depart', 'position', 'report'] as const) {
    picks[kind] = { admin: { own: 'T1', 'other tenant': 'T2' }, tenantadmin: { own: 'T2', 'other tenant': 'T1' }, norole: { own: 'T1', 'other tenant': 'T2' } };
  }

  // The callers, with what the server holds of each session.
  const sessions = createSessionRepository(t.app.db);
  const signedIn = async (name: string, username: string, password: string): Promise<Identity> => {
    const token = await t.login(username, password);
    const session = await sessions.findActive(hashToken(token), new Date());
    if (!session) throw new Error(`no session for ${username}`);
    const tenants = (await queryRows<{ tenant_id: number }>(t, sql`select tenant_id from sys_user_tenant where user_id = ${session.userId}`)).map((r) => Number(r.tenant_id));
    // Who works for the platform, as the model states it (docs/architecture.md, "Platform and tenants"): a member of its own tenant.
    const platform = tenants.includes(1);
    // What the server gives a tenant administrator: its permissions without the codes of platform calls alone.
    const permissions = platform ? session.permissions : new Set([...session.permissions].filter((code) => !t.app.platformOnlyCodes.has(code)));
    return { name, token, userId: session.userId, accountType: session.accountType, tenants, permissions, demo: session.demo, platform };
  };
  const passwords: Record<string, string> = { distributor: 'Distributor2026', installer: 'Installer2026', enduser: 'Enduser2026', demo: 'Demo2026' };
  identities.push(await signedIn('admin', 'admin', adminPassword));
  // Tenant 2's administrator: the administrator role, in tenant 2 only.
  ids.tenantadmin = await user('mx_t2admin', 'admin', null, 'r-admin');
  await moveToTenant(t, ids.tenantadmin, 2);
  identities.push(await signedIn('tenantadmin', 'mx_t2admin', 'Passw0rd1'));
  for (const [name, password] of Object.entries(passwords)) identities.push(await signedIn(name, name, password));
  await addUser(t, admin, { username: 'mx_norole' });
  identities.push(await signedIn('norole', 'mx_norole', 'Passw0rd1'));
  identities.push({ name: 'no token' });

  // Tokens that must open nothing: expired, and revoked by a change to their account.
  const doomed = async (username: string) => {
    const id = await addUser(t, admin, { username, selectedroles: 'r-end-user' });
    return { id, token: await t.login(username, 'Passw0rd1') };
  };
  const expired = await doomed('mx_expired');
  await t.app.db.execute(sql`update sys_session set expires_at = ${new Date(Date.now() - 60_000)} where token_hash = ${hashToken(expired.token)}`);
  const passwordChanged = await doomed('mx_pwchanged');
  expect((await api('PUT', '/sys/user/changePassword', { username: 'mx_pwchanged', password: 'Changed2026x' })).statusCode).toBe(200);
  const frozen = await doomed('mx_frozen');
  expect((await api('PUT', '/sys/user/frozenBatch', { ids: frozen.id, status: 2 })).statusCode).toBe(200);
  const roleRemoved = await doomed('mx_unroled');
  expect((await api('DELETE', `/sys/user/deleteUserRole?roleId=r-end-user&userId=${roleRemoved.id}`)).statusCode).toBe(200);
  const deleted = await doomed('mx_deleted');
  expect((await api('DELETE', `/sys/user/delete?id=${deleted.id}`)).statusCode).toBe(200);
  for (const [name, token] of [
    ['expired token', expired.token],
    ['token after password change', passwordChanged.token],
    ['token after freeze', frozen.token],
    ['token after role removal', roleRemoved.token],
    ['token after deletion', deleted.token],
  ] as const) {
    identities.push({ name, deadToken: token });
  }
}, 120_000);

afterAll(() => t?.close());

/** The record kind a route's scope names, if any. */
const kindOf = (scope: RouteScope): ScopedRecord | null => (typeof scope === 'string' ? null : 'list' in scope ? scope.list : scope.record);

/** Fills a route's path parameters and wildcard with placeholders (a record at a path parameter is set by the caller). */
const pathOf = (url: string, values: Record<string, string> = {}) => url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? 'x')).replace('*', 'x');

/** The request of one cell: the route's extra fields from `requestFields`, and the record at its `in`. */
const requestFor = (row: RouteRow, record: MatrixRecord | null, caller: Identity): InjectOptions => {
  const fields = requestFields[`${row.method} ${row.url}`] ?? {};
  const query: Record<string, string> = { ...fields.query };
  const body: Record<string, unknown> = { ...fields.body };
  // A path's user is the caller (a grid socket is opened by its own user only).
  const params: Record<string, string> = caller.userId ? { userId: caller.userId } : {};
  const scope = row.scope;
  if (record && typeof scope !== 'string' && 'record' in scope) {
    const [where, name] = scope.in.split('.') as ['query' | 'body' | 'params', string];
    const value = name === 'username' ? (record.username as string) : record.key;
    if (where === 'query') query[name] = value;
    else if (where === 'params') params[name] = value;
    else body[name] = arrayBodies.has(`${row.method} ${row.url}`) ? [value] : value;
  }
  if (typeof scope !== 'string' && 'list' in scope && row.url.endsWith('/list')) query.pageSize = '200';
  const options: InjectOptions = { method: row.method as InjectOptions['method'], url: pathOf(row.url, params), query };
  if (row.method !== 'GET' && row.method !== 'DELETE') options.payload = body;
  return options;
};

const describeExpected = (expected: Exclude<Expected, 'skip'>) => ('status' in expected ? `${expected.status}` : 'notStatus' in expected ? `not ${expected.notStatus.join('/')}` : expected.listed ? 'listed' : 'not listed');

describe('the authorisation matrix', () => {
  it('every API route declares its access and the records it reaches', () => {
    expect(undeclared).toEqual([]);
    expect(rows.length).toBeGreaterThan(300);
  });

  it('serves every call the contract declares (each `…Endpoints` entry), with each of its methods', () => {
    const served = new Set(t.app.routeTable.map((route) => `${route.method} ${route.url}`));
    const declared = Object.entries(contract)
      .filter(([name]) => name.endsWith('Endpoints'))
      .flatMap(([name, group]) => Object.entries(group as Record<string, contract.Endpoint>).map(([call, endpoint]) => ({ name: `${name}.${call}`, endpoint })));
    expect(declared.length).toBeGreaterThan(100);
    const missing = declared.flatMap(({ name, endpoint }) =>
      (typeof endpoint.method === 'string' ? [endpoint.method] : endpoint.method).filter((method) => !served.has(`${method} /boot${endpoint.path}`)).map((method) => `${name}: ${method} ${endpoint.path}`),
    );
    expect(missing).toEqual([]);
  });

  it('answers every caller × record of every route as its declaration says', async () => {
    const failures: string[] = [];
    let cells = 0;
    let recordCells = 0;
    let requests = 0;
    // Signing out ends the caller's session: that route goes last.
    const ordered = [...rows].sort((a, b) => Number(a.url === '/boot/sys/logout') - Number(b.url === '/boot/sys/logout'));
    for (const row of ordered) {
      const kind = kindOf(row.scope);
      for (const identity of identities) {
        const token = identity.token ?? identity.deadToken;
        const send = async (options: InjectOptions) => {
          requests++;
          return t.request({ ...options, ...(token ? { token } : {}) });
        };
        const check = (label: string, expected: Expected, response: { statusCode: number; body: string }, listedKey?: string) => {
          if (expected === 'skip') return;
          cells++;
          if (kind) recordCells++;
          const status = response.statusCode;
          const ok =
            status < 500 &&
            ('status' in expected ? status === expected.status : 'notStatus' in expected ? !expected.notStatus.includes(status) : status === 200 && response.body.includes(listedKey as string) === expected.listed);
          if (!ok) failures.push(`${row.method} ${row.url} as ${identity.name} (${label}): expected ${describeExpected(expected)}, got ${status} ${response.body.slice(0, 160)}`);
        };
        if (!kind) {
          check('no record', unscopedCell(row, identity), await send(requestFor(row, null, identity)));
          continue;
        }
        const pick = (picks[kind][identity.name] ?? picks[kind].norole) as Partial<Record<Column, string>>;
        const cellsOf = columns.flatMap((column) => {
          const label = pick[column];
          return label === undefined ? [] : [{ column, record: records[kind][label] as MatrixRecord }];
        });
        // Refused before any record is read (no live session, no permission, the demo's writes): one cell, whichever record.
        const refused = refusal(row, identity);
        if (refused !== null) {
          check('any record', { status: refused }, await send(requestFor(row, cellsOf[0]?.record ?? null, identity)));
          continue;
        }
        const scope = row.scope as Exclude<RouteScope, string>;
        if ('list' in scope) {
          const expectations = cellsOf.map(({ column, record }) => ({ column, record, expected: recordCell(row, identity, record) }));
          const response = await send(requestFor(row, null, identity));
          const exported = !row.url.endsWith('/list');
          for (const { column, record, expected } of expectations) {
            // Exports are files: who may export is checked, not which rows (list-conformance and station-scope look inside).
            if (exported && typeof expected === 'object' && 'listed' in expected) {
              if (column === 'own') check('export', { status: 200 }, response);
              continue;
            }
            check(`${column}: ${record.label}`, expected, response, record.key);
          }
          continue;
        }
        for (const { column, record } of cellsOf) {
          const expected = recordCell(row, identity, record);
          if (expected === 'skip') continue;
          check(`${column}: ${record.label}`, expected, await send(requestFor(row, record, identity)));
        }
      }
    }
    const recordRoutes = rows.filter((row) => kindOf(row.scope)).length;
    // eslint-disable-next-line no-console -- the matrix reports its counts (CI log)
    console.log(
      `authorisation matrix: ${cells} cells checked (${requests} requests), ${rows.length} routes × ${identities.length} callers; ` +
        `${recordRoutes} routes name a record (own / other branch / other tenant / platform-wide): ${recordCells} of the cells; ${failures.length} failed`,
    );
    expect(failures).toEqual([]);
  }, 300_000);
});
