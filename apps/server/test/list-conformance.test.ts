import { DeviceCode, Permission, categoryResource, checkRuleResource, fillRuleResource, batteryListColumns, dataSourceResource, reportResource, commandListColumns, deviceTopics, jobResource, loggerListColumns, resourceScreens, userListColumns } from '@cellsight/contract';
import { eq } from 'drizzle-orm';
import { gatewayRouteResource } from '@cellsight/contract';
import { departRoleResource } from '@cellsight/contract';
import { storedFileResource } from '@cellsight/contract';
import { png, upload } from './support/upload.js';
import { dataLogResource, tenantResource } from '@cellsight/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { MqttClient } from 'mqtt';
import { afterAll } from 'vitest';
import { loggers } from '../src/db/schema.js';
import { connectLogger, publish, sample } from './support/device.js';
import { describeListEndpoint, describeResourceScreen } from './support/list-conformance.js';
import { type TestApp, addUser, adminPassword, moveToTenant } from './support/test-app.js';

/** Every list endpoint keeps the same list contract; each screen adds itself here. */

describeListEndpoint('users', {
  url: '/boot/sys/user/list',
  columns: userListColumns,
  permission: Permission.UserList,
  async seed(t, admin) {
    for (const username of ['conform_a', 'conform_b', 'conform_c']) await addUser(t, admin, { username, realname: `Real ${username}` });
  },
  writes: [
    { method: 'POST', url: '/boot/sys/user/add' },
    { method: 'PUT', url: '/boot/sys/user/edit' },
    { method: 'DELETE', url: '/boot/sys/user/delete' },
    { method: 'DELETE', url: '/boot/sys/user/deleteBatch' },
    { method: 'PUT', url: '/boot/sys/user/frozenBatch' },
  ],
});

// The plain list screens: each resource's examples, added through its own call.
for (const resource of resourceScreens) describeResourceScreen(resource);

/*
 * The device-plane lists. Their records come the way they do in production: loggers registered
 * through the API connect to the embedded broker and report; commands go to an online logger,
 * which answers them. Loggers stay connected until the file ends (disconnecting would flip
 * `online` while the suite compares counts).
 */
const connected: MqttClient[] = [];
afterAll(() => {
  for (const client of connected) client.end(true);
});

const succeeded = <T>(response: LightMyRequestResponse): T => {
  const body = response.json() as { success: boolean; message: string; result: T };
  if (!body.success) throw new Error(`${response.statusCode} ${body.message}`);
  return body.result;
};

const registerLoggers = async (t: TestApp, token: string, loggers: { gsn: string; key: string; timezone?: string }[]) =>
  succeeded(await t.request({ method: 'POST', url: '/boot/want/logger/registerBatch', token, payload: { loggers } }));

/** Connects a registered logger and has it send its status (which also marks it online). */
const reportStatus = async (t: TestApp, gsn: string, key: string, status: { firmware: string; deviceType: string; brand: string; signal: number }): Promise<MqttClient> => {
  const client = await connectLogger(t.app.devicePlane.brokerPort ?? 0, gsn, key);
  connected.push(client);
  await publish(client, deviceTopics.status(gsn), { v: 1, ts: Date.now(), ip: '192.168.1.20', ...status });
  return client;
};

const operate = async (t: TestApp, token: string, payload: { gsno: string; op: string; batterySn?: string; val?: string }) =>
  succeeded<{ id: string }>(await t.request({ method: 'POST', url: '/boot/want/device/operate', token, payload }));

/** A user of another company (tenant 2) who installs loggers, signed in. */
const outsider = async (t: TestApp): Promise<string> => {
  const admin = await t.login('admin', adminPassword);
  await moveToTenant(t, await addUser(t, admin, { username: 'other_installer', selectedroles: 'r-installer' }), 2);
  return t.login('other_installer', 'Passw0rd1');
};

const cellularStatus = { firmware: 'V2.1.3', deviceType: '4G', brand: 'Cellsight', signal: -71 };

describeListEndpoint('loggers', {
  url: '/boot/want/logger/list',
  columns: loggerListColumns,
  permission: Permission.LoggerList,
  idField: 'gsn',
  async seed(t, admin) {
    await registerLoggers(t, admin, [
      { gsn: 'GSN24050001', key: 'reg-key-0001', timezone: 'Europe/Berlin' },
      { gsn: 'GSN24050002', key: 'reg-key-0002', timezone: 'Asia/Hong_Kong' },
      // Registered, never connected: offline and without a status.
      { gsn: 'GSN24050003', key: 'reg-key-0003' },
    ]);
    await reportStatus(t, 'GSN24050001', 'reg-key-0001', cellularStatus);
    await reportStatus(t, 'GSN24050002', 'reg-key-0002', { firmware: 'V2.0.9', deviceType: 'WiFi', brand: 'Voltmate', signal: 82 });
    // No call names a logger yet; an alias is written directly so the alias filters run too.
    await t.app.db.update(loggers).set({ alias: 'Rooftop east' }).where(eq(loggers.gsn, 'GSN24050001'));
  },
  async foreign(t) {
    await registerLoggers(t, await outsider(t), [{ gsn: 'GSN99990001', key: 'other-key-0001' }]);
    return 'GSN99990001';
  },
  writes: [
    { method: 'POST', url: '/boot/want/logger/registerBatch' },
    { method: 'POST', url: '/boot/want/device/operate' },
  ],
});

describeListEndpoint('batteries', {
  url: '/boot/want/battery/list',
  columns: batteryListColumns,
  permission: Permission.BatteryIndex,
  idField: 'batterySn',
  async seed(t, admin) {
    await registerLoggers(t, admin, [{ gsn: 'GSN24060001', key: 'reg-key-0001' }]);
    const logger = await reportStatus(t, 'GSN24060001', 'reg-key-0001', cellularStatus);
    const ts = Date.now() - 60_000;
    await publish(logger, deviceTopics.telemetry('GSN24060001'), {
      v: 1,
      samples: [
        sample('BAT-2406-A1', ts, { soc: 81.5 }),
        sample('BAT-2406-A2', ts, { state: 'discharge', soc: 42, current: -18, power: -921 }),
        sample('BAT-2406-A3', ts - 300_000, { state: 'idle', status: 'warning', soc: 12, current: 0, power: 0 }),
      ],
    });
  },
  async foreign(t) {
    const token = await outsider(t);
    await registerLoggers(t, token, [{ gsn: 'GSN99990002', key: 'other-key-0002' }]);
    const logger = await reportStatus(t, 'GSN99990002', 'other-key-0002', cellularStatus);
    await publish(logger, deviceTopics.telemetry('GSN99990002'), { v: 1, samples: [sample('BAT-9999-B1', Date.now() - 60_000)] });
    return 'BAT-9999-B1';
  },
  writes: [
    { method: 'POST', url: '/boot/want/device/operate' },
    { method: 'POST', url: '/boot/want/battery/edit' },
  ],
});

describeListEndpoint('commands', {
  url: '/boot/want/command/list',
  columns: commandListColumns,
  permission: Permission.CommandList,
  async seed(t, admin) {
    const gsn = 'GSN24070001';
    await registerLoggers(t, admin, [{ gsn, key: 'reg-key-0001' }]);
    const logger = await reportStatus(t, gsn, 'reg-key-0001', cellularStatus);
    await publish(logger, deviceTopics.telemetry(gsn), { v: 1, samples: [sample('BAT-2407-A1', Date.now() - 60_000)] });
    // Each command is answered, so none is left for the timeout sweep to change mid-suite.
    const answer = async (id: string, ack: { code: number; upgradeState?: string; message?: string }) => publish(logger, deviceTopics.ack(gsn), { v: 1, id, ...ack });
    await answer((await operate(t, admin, { gsno: gsn, op: 'restart' })).id, { code: DeviceCode.OK });
    await answer((await operate(t, admin, { gsno: gsn, op: 'settings', batterySn: 'BAT-2407-A1', val: JSON.stringify({ eod: 46 }) })).id, { code: DeviceCode.OK });
    const upgrade = { version: '2.2.0', url: 'https://firmware.example/bms-2.2.0.bin', size: 524_288, sha256: 'c'.repeat(64) };
    await answer((await operate(t, admin, { gsno: gsn, op: 'upgrade', batterySn: 'BAT-2407-A1', val: JSON.stringify(upgrade) })).id, { code: 500, upgradeState: 'download_failed', message: 'download failed' });
  },
  async foreign(t) {
    const token = await outsider(t);
    await registerLoggers(t, token, [{ gsn: 'GSN99990003', key: 'other-key-0003' }]);
    await reportStatus(t, 'GSN99990003', 'other-key-0003', cellularStatus);
    return (await operate(t, token, { gsno: 'GSN99990003', op: 'restart' })).id;
  },
  writes: [{ method: 'POST', url: '/boot/want/device/operate' }],
});

describeListEndpoint('online reports', {
  url: '/boot/online/cgreport/head/list',
  columns: reportResource.columns,
  permission: Permission.ReportList,
  async seed(t, admin) {
    for (const [code, name, table] of [['rp_loggers', 'Loggers', 'loggers'], ['rp_events', 'Events', 'events'], ['rp_tickets', 'Tickets', 'tickets']]) {
      const response = await t.request({ method: 'POST', url: '/boot/online/cgreport/head/add', token: admin, payload: { code, name, cgrSql: `select * from report.${table}` } });
      if (response.statusCode !== 200) throw new Error(response.body);
    }
  },
  writes: [
    { method: 'POST', url: '/boot/online/cgreport/head/add' },
    { method: 'PUT', url: '/boot/online/cgreport/head/edit' },
    { method: 'DELETE', url: '/boot/online/cgreport/head/delete' },
    { method: 'DELETE', url: '/boot/online/cgreport/head/deleteBatch' },
  ],
});

describeListEndpoint('data sources', {
  url: '/boot/sys/dataSource/list',
  columns: dataSourceResource.columns,
  permission: Permission.DataSourceList,
  async seed(t, admin) {
    for (const [code, name] of [['ds_a', 'Archive'], ['ds_b', 'Billing'], ['ds_c', 'Warehouse']]) {
      const payload = { code, name, dbType: 'postgresql', dbUrl: `postgres://db.example:5432/${code}`, dbUsername: 'reader', dbPassword: 'secret' };
      const response = await t.request({ method: 'POST', url: '/boot/sys/dataSource/add', token: admin, payload });
      if (response.statusCode !== 200) throw new Error(response.body);
    }
  },
  writes: [
    { method: 'POST', url: '/boot/sys/dataSource/add' },
    { method: 'PUT', url: '/boot/sys/dataSource/edit' },
    { method: 'DELETE', url: '/boot/sys/dataSource/delete' },
    { method: 'DELETE', url: '/boot/sys/dataSource/deleteBatch' },
  ],
});

describeListEndpoint('scheduled jobs', {
  url: '/boot/sys/quartzJob/list',
  columns: jobResource.columns,
  permission: Permission.JobList,
  async seed(t, admin) {
    // The platform's housekeeping jobs are there from the start; one more, stopped.
    const response = await t.request({ method: 'POST', url: '/boot/sys/quartzJob/add', token: admin, payload: { jobClassName: 'scheduler.heartbeat', cronExpression: '0 0 3 ? * 2', description: 'Mondays', status: -1 } });
    if (response.statusCode !== 200) throw new Error(response.body);
  },
  writes: [
    { method: 'POST', url: '/boot/sys/quartzJob/add' },
    { method: 'PUT', url: '/boot/sys/quartzJob/edit' },
    { method: 'DELETE', url: '/boot/sys/quartzJob/delete?id=x' },
    { method: 'POST', url: '/boot/sys/quartzJob/pause?id=x' },
    { method: 'POST', url: '/boot/sys/quartzJob/execute?id=x' },
  ],
});

describeListEndpoint('categories', {
  url: '/boot/sys/category/list',
  columns: categoryResource.columns,
  permission: Permission.CategoryList,
  async seed(t, admin) {
    let pid: string | undefined;
    for (const name of ['Faults', 'Battery', 'Cells']) {
      const response = await t.request({ method: 'POST', url: '/boot/sys/category/add', token: admin, payload: { name, ...(pid ? { pid } : {}) } });
      if (response.statusCode !== 200) throw new Error(response.body);
      pid = response.json().result as string;
    }
  },
  async foreign(t) {
    const admin = await t.login('admin', adminPassword);
    await moveToTenant(t, await addUser(t, admin, { username: 'other_cat_admin', selectedroles: 'r-admin' }), 2);
    const other = await t.login('other_cat_admin', 'Passw0rd1');
    return (await t.request({ method: 'POST', url: '/boot/sys/category/add', token: other, payload: { name: 'Elsewhere' } })).json().result as string;
  },
  writes: [
    { method: 'POST', url: '/boot/sys/category/add' },
    { method: 'PUT', url: '/boot/sys/category/edit' },
    { method: 'DELETE', url: '/boot/sys/category/delete' },
    { method: 'DELETE', url: '/boot/sys/category/deleteBatch' },
  ],
});

describeListEndpoint('check rules', {
  url: '/boot/sys/checkRule/list',
  columns: checkRuleResource.columns,
  permission: Permission.CheckRuleList,
  async seed(t, admin) {
    for (const [ruleName, ruleCode] of [['Station code', 'station_code'], ['Serial number', 'serial_no'], ['Postcode', 'postcode']]) {
      const ruleJson = JSON.stringify([{ digits: '*', pattern: '[A-Z0-9]+', message: 'Capitals and digits only' }]);
      const response = await t.request({ method: 'POST', url: '/boot/sys/checkRule/add', token: admin, payload: { ruleName, ruleCode, ruleJson } });
      if (response.statusCode !== 200) throw new Error(response.body);
    }
  },
  writes: [
    { method: 'POST', url: '/boot/sys/checkRule/add' },
    { method: 'PUT', url: '/boot/sys/checkRule/edit' },
    { method: 'DELETE', url: '/boot/sys/checkRule/delete' },
    { method: 'DELETE', url: '/boot/sys/checkRule/deleteBatch' },
  ],
});

describeListEndpoint('fill rules', {
  url: '/boot/sys/fillRule/list',
  columns: fillRuleResource.columns,
  permission: Permission.FillRuleList,
  async seed(t, admin) {
    for (const [ruleName, ruleCode, ruleClass] of [['Invoice number', 'invoice_no', 'order_number'], ['Delivery number', 'delivery_no', 'order_number'], ['Sub-category code', 'sub_code', 'category_code']]) {
      const response = await t.request({ method: 'POST', url: '/boot/sys/fillRule/add', token: admin, payload: { ruleName, ruleCode, ruleClass } });
      if (response.statusCode !== 200) throw new Error(response.body);
    }
  },
  writes: [
    { method: 'POST', url: '/boot/sys/fillRule/add' },
    { method: 'PUT', url: '/boot/sys/fillRule/edit' },
    { method: 'DELETE', url: '/boot/sys/fillRule/delete' },
    { method: 'DELETE', url: '/boot/sys/fillRule/deleteBatch' },
    { method: 'PUT', url: '/boot/sys/fillRule/executeRuleByCode/invoice_no' },
  ],
});

describeListEndpoint('gateway routes', {
  url: '/boot/sys/gatewayRoute/list',
  columns: gatewayRouteResource.columns,
  permission: Permission.GatewayRouteList,
  async seed(t, admin) {
    const routes = [
      ['tiles', 'Tile server', 'tile', 'https://tiles.example/{z}/{x}/{y}.png', 'GET', 5000, '1'],
      ['geo', 'Geocoder', 'geocoder', 'https://geo.example/reverse', 'GET', 3000, '1'],
      ['hook', 'Webhook', 'webhook', 'https://hooks.example/in', 'POST', 10000, '0'],
    ] as const;
    for (const [code, name, purpose, url, method, timeoutMs, status] of routes) {
      const response = await t.request({ method: 'POST', url: '/boot/sys/gatewayRoute/add', token: admin, payload: { code, name, purpose, url, method, timeoutMs, status } });
      if (response.statusCode !== 200) throw new Error(response.body);
    }
  },
  writes: [
    { method: 'POST', url: '/boot/sys/gatewayRoute/add' },
    { method: 'PUT', url: '/boot/sys/gatewayRoute/edit' },
    { method: 'DELETE', url: '/boot/sys/gatewayRoute/delete' },
    { method: 'DELETE', url: '/boot/sys/gatewayRoute/deleteBatch' },
    { method: 'POST', url: '/boot/sys/gatewayRoute/test' },
  ],
});

describeListEndpoint('tenants', {
  url: '/boot/sys/tenant/list',
  columns: tenantResource.columns,
  permission: Permission.TenantList,
  async seed(t, admin) {
    for (const [name, beginDate, endDate] of [['North Energy', '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z'], ['South Storage', '2025-06-01T00:00:00Z', null], ['West Grid', null, null]] as const) {
      const response = await t.request({ method: 'POST', url: '/boot/sys/tenant/add', token: admin, payload: { name, beginDate, endDate } });
      if (response.statusCode !== 200) throw new Error(response.body);
    }
  },
  writes: [
    { method: 'POST', url: '/boot/sys/tenant/add' },
    { method: 'PUT', url: '/boot/sys/tenant/edit' },
    { method: 'DELETE', url: '/boot/sys/tenant/delete' },
    { method: 'DELETE', url: '/boot/sys/tenant/deleteBatch' },
    { method: 'PUT', url: '/boot/sys/tenant/frozenBatch' },
    { method: 'POST', url: '/boot/sys/tenant/addUsers' },
    { method: 'DELETE', url: '/boot/sys/tenant/removeUsers' },
  ],
});

describeListEndpoint('data log', {
  url: '/boot/sys/dataLog/list',
  columns: dataLogResource.columns,
  permission: Permission.DataLogList,
  async seed(t, admin) {
    for (const [roleName, roleCode] of [['Logged one', 'logged_one'], ['Logged two', 'logged_two'], ['Logged three', 'logged_three']]) {
      const response = await t.request({ method: 'POST', url: '/boot/sys/role/add', token: admin, payload: { roleName, roleCode } });
      if (response.statusCode !== 200) throw new Error(response.body);
    }
  },
  async foreign(t) {
    await t.app.db.execute(sql`insert into sys_tenant (id, name) values (2, 'Tenant 2') on conflict do nothing`);
    await t.app.db.execute(sql`insert into sys_data_log (id, data_table, data_id, action, data_version, data_content, tenant_id, create_by) values ('foreign-log-entry', 'sys_role', 'foreign-role', 'add', 1, '{"roleName":"Theirs"}'::jsonb, 2, 'someone')`);
    return 'foreign-log-entry';
  },
  writes: [],
});

describeListEndpoint('address book', {
  url: '/boot/sys/user/queryByOrgCodeForAddressList',
  columns: userListColumns,
  permission: Permission.AddressBookList,
  async seed(t, admin) {
    for (const [index, username] of ['book_anna', 'book_ben', 'book_carl'].entries()) await addUser(t, admin, { username, email: `${username}@example.invalid`, phone: `1390000000${index}` });
  },
  async foreign(t) {
    const admin = await t.login('admin', adminPassword);
    const id = await addUser(t, admin, { username: 'book_foreign' });
    await moveToTenant(t, id, 2);
    return id;
  },
  writes: [],
});

describeListEndpoint('stored files', {
  url: '/boot/sys/file/list',
  columns: storedFileResource.columns,
  permission: Permission.FileList,
  async seed(t, admin) {
    for (const [name, biz] of [['first.png', 'avatar'], ['second.png', 'station'], ['third.png', 'temp']] as const) {
      const response = await upload(t, admin, png, name, 'image/png', biz);
      if (response.statusCode !== 200) throw new Error(response.body);
    }
  },
  writes: [
    { method: 'DELETE', url: '/boot/sys/file/delete' },
    { method: 'DELETE', url: '/boot/sys/file/deleteBatch' },
  ],
});

describeListEndpoint('department roles', {
  url: '/boot/sys/sysDepartRole/list',
  columns: departRoleResource.columns,
  permission: Permission.DepartRoleList,
  async seed(t, adminToken) {
    const added = await t.request({ method: 'POST', url: '/boot/sys/sysDepart/add', token: adminToken, payload: { departName: 'Conformance office' } });
    const departId = added.json().result as string;
    for (const [roleCode, roleName] of [['dr_a', 'Clerk'], ['dr_b', 'Planner'], ['dr_c', 'Fitter']]) {
      const response = await t.request({ method: 'POST', url: '/boot/sys/sysDepartRole/add', token: adminToken, payload: { departId, roleCode, roleName } });
      if (response.statusCode !== 200) throw new Error(response.body);
    }
  },
  writes: [
    { method: 'POST', url: '/boot/sys/sysDepartRole/add' },
    { method: 'PUT', url: '/boot/sys/sysDepartRole/edit' },
    { method: 'DELETE', url: '/boot/sys/sysDepartRole/delete' },
    { method: 'DELETE', url: '/boot/sys/sysDepartRole/deleteBatch' },
  ],
});

describeListEndpoint('users of a department role', {
  url: '/boot/sys/sysDepartRole/userList?roleId=dr-role',
  columns: userListColumns,
  permission: Permission.DepartRoleList,
  async seed(t, adminToken) {
    const departId = (await t.request({ method: 'POST', url: '/boot/sys/sysDepart/add', token: adminToken, payload: { departName: 'Role users office' } })).json().result as string;
    await t.app.db.execute(sql`insert into sys_depart_role (id, depart_id, role_name, role_code) values ('dr-role', ${departId}, 'Clerk', 'dr_role')`);
    const ids: string[] = [];
    for (const username of ['drr_a', 'drr_b', 'drr_c']) ids.push(await addUser(t, adminToken, { username, realname: `User ${username}` }));
    await t.request({ method: 'POST', url: '/boot/sys/user/editSysDepartWithUser', token: adminToken, payload: { depId: departId, userIdList: ids } });
    const response = await t.request({ method: 'POST', url: '/boot/sys/sysDepartRole/addUsers', token: adminToken, payload: { roleId: 'dr-role', userIdList: ids } });
    if (response.statusCode !== 200) throw new Error(response.body);
  },
  writes: [
    { method: 'POST', url: '/boot/sys/sysDepartRole/addUsers' },
    { method: 'DELETE', url: '/boot/sys/sysDepartRole/removeUsers' },
  ],
});
