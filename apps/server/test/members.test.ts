import { type AccountType, type Endpoint, Permission, ServerCode, memberEndpoints, menuEndpoints } from '@cellsight/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLive } from './support/live-events.js';
import { type EndpointCall, type TestApp, adminPassword, createTestApp, queryRows } from './support/test-app.js';

/**
 * The Members screen (issue 11, spec section 6) through the API. The demo hierarchy: distributor →
 * installer → enduser, distributor → installer2 → enduser2; the administrator adds a second
 * distributor's branch (dist2 → inst3 → eu3) that the demo distributor must not reach.
 */
type Caller = 'admin' | 'distributor' | 'installer' | 'installer2' | 'enduser';
const passwords: Record<Caller, string> = { admin: adminPassword, distributor: 'Distributor2026', installer: 'Installer2026', installer2: 'Installer2026', enduser: 'Enduser2026' };

let t: TestApp;
const token = {} as Record<Caller, string>;
/** Account ids by user name: the demo accounts and the second branch. */
const id = {} as Record<'admin' | 'distributor' | 'installer' | 'installer2' | 'enduser' | 'enduser2' | 'demo' | 'dist2' | 'inst3' | 'eu3', string>;

const api = (caller: Caller | string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.request({ method, url: `/boot${url}`, token: token[caller as Caller] ?? caller, ...(payload ? { payload } : {}) });
/** A contract endpoint's call as `caller` (a demo account's name, or a token). */
const call = <E extends Endpoint>(caller: Caller | string, endpoint: E, input: Omit<EndpointCall<E>, 'token'> = {}) => t.call(endpoint, { token: token[caller as Caller] ?? caller, ...input });

/** Creates a member as `caller` and returns its id (the call must succeed). */
const addMember = async (caller: Caller, member: { username: string; accountType: AccountType; superiorId?: string; email?: string; phone?: string }): Promise<string> => {
  const { envelope } = await call(caller, memberEndpoints.add, { body: { password: 'Passw0rd1', realname: `${member.username} name`, ...member } });
  expect(envelope, envelope.message).toMatchObject({ success: true, code: ServerCode.ADDED });
  return envelope.result;
};

/** Usernames in the caller's member list (all pages, filtered as given). */
const listed = async (caller: Caller | string, query = ''): Promise<string[]> => {
  const body = (await api(caller, 'GET', `/member/list?pageSize=100${query}`)).json();
  expect(body.success, body.message).toBe(true);
  return (body.result.records as { username: string }[]).map((record) => record.username);
};

let loggerSerial = 0;
/** A station for `ownerId`, created through the wizard's call as the administrator. */
const createStation = async (name: string, ownerId: string): Promise<string> => {
  loggerSerial += 1;
  const gsn = `MEMBER${String(loggerSerial).padStart(4, '0')}`;
  const registered = await api('admin', 'POST', '/want/logger/registerBatch', { loggers: [{ gsn, key: `key-${gsn.toLowerCase()}` }] });
  expect(registered.json()).toMatchObject({ success: true });
  const response = await api('admin', 'POST', '/want/tbStation/add_station?from=EUR', { name, masterId: ownerId, logger: JSON.stringify([{ gsn, key: `key-${gsn.toLowerCase()}`, product_code: `${gsn}-M` }]) });
  const body = response.json();
  expect(body, body.message).toMatchObject({ success: true, code: ServerCode.ADDED });
  return body.message as string;
};
const seesStation = async (caller: Caller | string, stationId: string): Promise<boolean> => (await api(caller, 'GET', `/want/tbStation/queryById?id=${stationId}`)).statusCode === 200;

const superiorOf = async (userId: string) => (await queryRows<{ superior_id: string | null }>(t, sql`select superior_id from sys_user where id = ${userId}`))[0]?.superior_id;
/** The operation log's rows of a call (written once its answer is out). */
const logged = async (url: string) => {
  await t.app.operationLog.settled();
  return queryRows<{ log_content: string; userid: string }>(t, sql`select log_content, userid from sys_log where request_url = ${`/boot${url}`} order by create_time`);
};

beforeAll(async () => {
  t = await createTestApp({ DEMO: '1', DEMO_LOGGERS: '0' });
  for (const caller of Object.keys(passwords) as Caller[]) token[caller] = await t.login(caller, passwords[caller]);
  for (const row of await queryRows<{ username: keyof typeof id; id: string }>(t, sql`select username, id from sys_user`)) id[row.username] = row.id;
  id.dist2 = await addMember('admin', { username: 'dist2', accountType: 'distributor' });
  id.inst3 = await addMember('admin', { username: 'inst3', accountType: 'installer', superiorId: id.dist2 });
  id.eu3 = await addMember('admin', { username: 'euser3', accountType: 'end_user', superiorId: id.inst3 });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('creating members', () => {
  it('lets a distributor create installers under itself and end users under itself or its installers, with the role of their type', async () => {
    const installer = await addMember('distributor', { username: 'newinst', accountType: 'installer' });
    const endUser = await addMember('distributor', { username: 'neweu', accountType: 'end_user', superiorId: id.installer2, email: 'neweu@example.com', phone: '13800000001' });
    const rows = await queryRows<{ id: string; account_type: string; superior_id: string; role_code: string }>(
      t,
      sql`select u.id, u.account_type, u.superior_id, r.role_code from sys_user u join sys_user_role ur on ur.user_id = u.id join sys_role r on r.id = ur.role_id where u.id in (${installer}, ${endUser}) order by u.account_type`,
    );
    expect(rows).toEqual([
      { id: endUser, account_type: 'end_user', superior_id: id.installer2, role_code: 'end_user' },
      { id: installer, account_type: 'installer', superior_id: id.distributor, role_code: 'installer' },
    ]);
    // The initial password signs in.
    expect(await t.login('newinst', 'Passw0rd1')).toEqual(expect.any(String));
    expect(await listed('distributor', '&username=neweu')).toEqual(['neweu']);
  });

  it('refuses types the caller may not create, naming accountType', async () => {
    const distributor = await call('distributor', memberEndpoints.add, { body: { username: 'nodist', password: 'Passw0rd1', realname: 'No', accountType: 'distributor' } });
    expect(distributor.statusCode).toBe(400);
    expect(distributor.envelope).toMatchObject({ success: false, code: ServerCode.UNSUPPORTED_ACCOUNT_TYPE, result: { errors: [{ field: 'accountType', message: 'you may create installer, end_user' }] } });
    const installer = await call('installer', memberEndpoints.add, { body: { username: 'noinst', password: 'Passw0rd1', realname: 'No', accountType: 'installer' } });
    expect(installer.statusCode).toBe(400);
    expect(installer.envelope).toMatchObject({ code: ServerCode.UNSUPPORTED_ACCOUNT_TYPE, result: { errors: [{ field: 'accountType' }] } });
    // End users hold no member permission at all.
    expect((await call('enduser', memberEndpoints.add, { body: { username: 'noeu', password: 'Passw0rd1', realname: 'No', accountType: 'end_user' } })).statusCode).toBe(403);
  });

  it('puts an installer’s end users under the installer, and never under another branch’s account', async () => {
    const own = await addMember('installer', { username: 'insteu', accountType: 'end_user' });
    expect(await superiorOf(own)).toBe(id.installer);
    const foreign = await call('installer', memberEndpoints.add, { body: { username: 'insteu2', password: 'Passw0rd1', realname: 'No', accountType: 'end_user', superiorId: id.installer2 } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.envelope.message).toContain('superiorId');
    const otherBranch = await call('distributor', memberEndpoints.add, { body: { username: 'disteu3', password: 'Passw0rd1', realname: 'No', accountType: 'end_user', superiorId: id.inst3 } });
    expect(otherBranch.statusCode).toBe(404);
  });

  it('answers 4010, 4011 and 4012 for a taken name, mobile and e-mail, and names the field of bad input', async () => {
    const base = { password: 'Passw0rd1', realname: 'Dup', accountType: 'end_user' } as const;
    const add = async (body: { username: string; password?: string; phone?: string; email?: string; confirmpassword?: string }) => call('distributor', memberEndpoints.add, { body: { ...base, ...body } });
    expect((await add({ username: 'enduser' })).envelope).toMatchObject({ success: false, code: ServerCode.USERNAME_REGISTERED });
    expect((await add({ username: 'dupphone', phone: '13800000001' })).envelope).toMatchObject({ success: false, code: ServerCode.MOBILE_REGISTERED });
    expect((await add({ username: 'dupmail', email: 'NEWEU@example.com' })).envelope).toMatchObject({ success: false, code: ServerCode.EMAIL_REGISTERED });
    const weak = await add({ username: 'weakpw', password: 'abcdefgh' });
    expect(weak.statusCode).toBe(400);
    expect(weak.envelope.message).toContain('password');
    const mismatch = await add({ username: 'mismatch', confirmpassword: 'Passw0rd2' });
    expect(mismatch.envelope.message).toContain('confirmpassword');
    // Not an account type: sent raw, past the types.
    const badType = await api('distributor', 'POST', '/member/add', { ...base, username: 'badtype', accountType: 'boss' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toContain('accountType');
    expect(await queryRows(t, sql`select id from sys_user where username in ('dupphone', 'dupmail', 'weakpw', 'mismatch', 'badtype')`)).toEqual([]);
  });
});

describe('scope', () => {
  it('lists the accounts below the caller only', async () => {
    const distributor = await listed('distributor');
    expect(distributor).toEqual(expect.arrayContaining(['installer', 'installer2', 'enduser', 'enduser2', 'demo']));
    expect(distributor).not.toEqual(expect.arrayContaining(['distributor']));
    for (const foreign of ['dist2', 'inst3', 'euser3', 'admin', 'distributor']) expect(distributor).not.toContain(foreign);
    const installer = await listed('installer');
    expect(installer).toEqual(expect.arrayContaining(['enduser', 'demo']));
    for (const foreign of ['enduser2', 'installer2', 'euser3', 'installer']) expect(installer).not.toContain(foreign);
    expect(await listed('admin')).toEqual(expect.arrayContaining(['dist2', 'inst3', 'euser3', 'distributor']));
    // Filters by type and superior apply within the scope.
    expect((await listed('distributor', `&accountType=installer`)).sort()).toEqual(['installer', 'installer2', 'newinst']);
    expect(await listed('distributor', `&superiorId=${id.inst3}`)).toEqual([]);
  });

  it('answers 404 for another branch’s member on edit, move, delete and grants', async () => {
    const calls = [
      api('distributor', 'PUT', '/member/edit', { id: id.eu3, realname: 'Taken over' }),
      api('distributor', 'POST', '/member/move', { id: id.eu3, superiorId: id.installer }),
      api('distributor', 'DELETE', `/member/delete?id=${id.eu3}`),
      api('distributor', 'GET', `/member/permissions?id=${id.eu3}`),
      api('distributor', 'PUT', '/member/permissions', { id: id.eu3, permissionIds: [] }),
      api('installer', 'PUT', '/member/edit', { id: id.enduser2, realname: 'Taken over' }),
      api('installer', 'DELETE', `/member/delete?id=${id.enduser2}`),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode, response.body).toBe(404);
    expect((await queryRows<{ realname: string; del_flag: number }>(t, sql`select realname, del_flag from sys_user where id in (${id.eu3}, ${id.enduser2})`)).map((row) => row.del_flag)).toEqual([0, 0]);
    expect((await api('distributor', 'PUT', '/member/edit', { id: id.eu3, realname: 'x' })).json().message).not.toContain('euser3');
  });

  it('edits a member’s own fields and keeps those left out', async () => {
    const response = await api('distributor', 'PUT', '/member/edit', { id: id.enduser2, company: 'Sun & Co', address: 'Main street 1' });
    expect(response.json(), response.body).toMatchObject({ success: true });
    const [row] = await queryRows<{ realname: string; company: string; superior_id: string }>(t, sql`select realname, company, superior_id from sys_user where id = ${id.enduser2}`);
    expect(row).toEqual({ realname: 'Demo End User Two', company: 'Sun & Co', superior_id: id.installer2 });
    const bad = await api('distributor', 'PUT', '/member/edit', { id: id.enduser2, phone: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('phone');
  });

  it('exports the caller’s members only, with the screen’s headings', async () => {
    const response = await api('distributor', 'GET', '/member/exportCsv');
    expect(response.statusCode, response.body).toBe(200);
    const [heading, ...rows] = response.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(heading).toContain('Role');
    expect(rows.some((row) => row.startsWith('enduser2,'))).toBe(true);
    expect(rows.some((row) => row.startsWith('euser3,') || row.startsWith('dist2,'))).toBe(false);
    expect((await api('enduser', 'GET', '/member/exportCsv')).statusCode).toBe(403);
  });

  it('offers the types the caller may create and the accounts members may go under', async () => {
    const distributor = (await call('distributor', memberEndpoints.options)).envelope.result;
    expect(distributor.accountTypes).toEqual(['installer', 'end_user']);
    expect(distributor.superiors[0]).toMatchObject({ id: id.distributor, accountType: 'distributor' });
    expect(distributor.superiors.map((s) => s.username)).toEqual(expect.arrayContaining(['installer', 'installer2']));
    expect(distributor.superiors.map((s) => s.username)).not.toContain('inst3');
    const installer = (await call('installer', memberEndpoints.options)).envelope.result;
    expect(installer).toEqual({ accountTypes: ['end_user'], superiors: [expect.objectContaining({ id: id.installer })] });
  });
});

describe('moving members', () => {
  it('moves an end user and its stations to another installer: the former one loses sight of both', async () => {
    const mover = await addMember('distributor', { username: 'mover', accountType: 'end_user', superiorId: id.installer });
    const station = await createStation('Mover home', mover);
    expect(await listed('installer')).toContain('mover');
    expect(await seesStation('installer', station)).toBe(true);
    expect(await seesStation('installer2', station)).toBe(false);

    // Both installers' consoles hear that their members changed.
    const sockets = { former: await listenLive(t, token.installer), next: await listenLive(t, token.installer2) };
    const response = await call('distributor', memberEndpoints.move, { body: { id: mover, superiorId: id.installer2 } });
    expect(response.envelope, response.response.body).toMatchObject({ success: true });
    const heard = (socket: keyof typeof sockets) => sockets[socket].heard.some((e) => e.event === 'user.changed' && (e.data.ids as string[]).includes(mover));
    for (let i = 0; i < 50 && !(heard('former') && heard('next')); i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect([heard('former'), heard('next')]).toEqual([true, true]);
    for (const socket of Object.values(sockets)) socket.close();
    expect(await superiorOf(mover)).toBe(id.installer2);
    expect(await listed('installer')).not.toContain('mover');
    expect(await seesStation('installer', station)).toBe(false);
    expect(await listed('installer2')).toContain('mover');
    expect(await seesStation('installer2', station)).toBe(true);
    expect(await seesStation('distributor', station)).toBe(true);
    expect((await logged('/member/move')).at(-1)).toMatchObject({ userid: 'distributor', log_content: `Moved member mover (${mover}) from ${id.installer} to ${id.installer2}` });
  });

  it('requires a visible installer or distributor of the right type as the target', async () => {
    const toEndUser = await call('distributor', memberEndpoints.move, { body: { id: id.enduser, superiorId: id.enduser2 } });
    expect(toEndUser.statusCode).toBe(400);
    expect(toEndUser.envelope.message).toContain('superiorId');
    const toForeign = await call('distributor', memberEndpoints.move, { body: { id: id.enduser, superiorId: id.inst3 } });
    expect(toForeign.statusCode).toBe(404);
    expect(toForeign.envelope.message).toContain('superiorId');
    const installerUnderInstaller = await call('distributor', memberEndpoints.move, { body: { id: id.installer2, superiorId: id.installer } });
    expect(installerUnderInstaller.statusCode).toBe(400);
    const missing = await api('distributor', 'POST', '/member/move', { id: id.enduser });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('superiorId');
    expect(await superiorOf(id.enduser)).toBe(id.installer);
  });
});

describe('deleting members', () => {
  it('keeps a deleted end user’s stations, still seen by its installer, and ends its sessions', async () => {
    const leaver = await addMember('installer', { username: 'leaver', accountType: 'end_user' });
    const station = await createStation('Leaver home', leaver);
    const leaverToken = await t.login('leaver', 'Passw0rd1');
    const response = await call('installer', memberEndpoints.delete, { query: { id: leaver } });
    expect(response.envelope, response.response.body).toMatchObject({ success: true, code: ServerCode.DELETED });
    expect(await listed('installer')).not.toContain('leaver');
    expect(await seesStation('installer', station)).toBe(true);
    expect(await seesStation('distributor', station)).toBe(true);
    expect((await t.call(menuEndpoints.userPermissions, { token: leaverToken })).statusCode).toBe(401);
    expect((await logged('/member/delete')).at(-1)).toMatchObject({ userid: 'installer', log_content: `Deleted member(s) leaver (${leaver})` });
  });

  it('moves a deleted installer’s end users under its distributor, who still sees them and their stations', async () => {
    const installer = await addMember('distributor', { username: 'gone', accountType: 'installer' });
    const endUser = await addMember('distributor', { username: 'orphan', accountType: 'end_user', superiorId: installer });
    const installerStation = await createStation('Installer yard', installer);
    const endUserStation = await createStation('Orphan home', endUser);
    const response = await call('distributor', memberEndpoints.delete, { query: { id: installer } });
    expect(response.envelope, response.response.body).toMatchObject({ success: true });
    expect(await superiorOf(endUser)).toBe(id.distributor);
    const members = await listed('distributor');
    expect(members).toContain('orphan');
    expect(members).not.toContain('gone');
    expect(await seesStation('distributor', endUserStation)).toBe(true);
    expect(await seesStation('distributor', installerStation)).toBe(true);
    expect((await queryRows<{ installer_id: string | null; distributor_id: string }>(t, sql`select installer_id, distributor_id from tb_station where id = ${endUserStation}`))[0]).toEqual({ installer_id: null, distributor_id: id.distributor });
    expect((await logged('/member/delete')).at(-1)?.log_content).toBe(`Deleted member(s) gone (${installer}); moved orphan → ${id.distributor}`);
  });

  it('refuses an administrator’s own account before handing anything on', async () => {
    const under = await addMember('admin', { username: 'selfinst', accountType: 'installer', superiorId: id.dist2 });
    const response = await call('admin', memberEndpoints.deleteBatch, { query: { ids: `${id.dist2},${id.admin}` } });
    expect(response.statusCode).toBe(403);
    expect(await superiorOf(under)).toBe(id.dist2);
    expect(await superiorOf(id.inst3)).toBe(id.dist2);
  });

  it('hands a deleted distributor’s members to the default distributor, and refuses without one', async () => {
    const lone = await addMember('admin', { username: 'lonedist', accountType: 'distributor' });
    const under = await addMember('admin', { username: 'loneinst', accountType: 'installer', superiorId: lone });
    const response = await call('admin', memberEndpoints.delete, { query: { id: lone } });
    expect(response.envelope, response.response.body).toMatchObject({ success: true });
    // DEMO=1: the demo distributor is the default (MEMBER_DEFAULT_DISTRIBUTOR).
    expect(await superiorOf(under)).toBe(id.distributor);

    const none = await createTestApp({ DEMO: '0' });
    try {
      const admin = await none.login('admin', adminPassword);
      const add = async (member: { username: string; accountType: AccountType; superiorId?: string }) =>
        (await none.call(memberEndpoints.add, { token: admin, body: { password: 'Passw0rd1', realname: 'x', ...member } })).envelope.result;
      const top = await add({ username: 'topdist', accountType: 'distributor' });
      await add({ username: 'topinst', accountType: 'installer', superiorId: top });
      const refused = await none.call(memberEndpoints.delete, { token: admin, query: { id: top } });
      expect(refused.statusCode).toBe(400);
      expect(refused.envelope).toMatchObject({ code: ServerCode.DELETION_FAILED });
      expect(refused.envelope.message).toContain('MEMBER_DEFAULT_DISTRIBUTOR');
      expect(await queryRows(none, sql`select id from sys_user where id = ${top} and del_flag = 0`)).toHaveLength(1);
    } finally {
      await none.close();
    }
  }, 60_000);
});

describe('permissions by checkbox', () => {
  const rowOf = async (caller: Caller, memberId: string, code: string) => {
    const { envelope } = await call(caller, memberEndpoints.permissions, { query: { id: memberId } });
    expect(envelope.success, envelope.message).toBe(true);
    return envelope.result.find((row) => row.code === code);
  };
  const deleteStation = () => api('enduser', 'DELETE', '/want/tbStation/delete?id=nostation');

  it('refuses to grant what the caller does not hold', async () => {
    const shutdown = await rowOf('installer', id.enduser, Permission.CommandShutdown);
    expect(shutdown).toMatchObject({ byRole: false, granted: false, grantable: false });
    const response = await call('installer', memberEndpoints.grant, { body: { id: id.enduser, permissionIds: [shutdown?.id ?? ''] } });
    expect(response.statusCode).toBe(403);
    expect(response.envelope.message).toContain(Permission.CommandShutdown);
    const notGrantable = await call('distributor', memberEndpoints.grant, { body: { id: id.enduser, permissionIds: ['b-member-add'] } });
    expect(notGrantable.statusCode).toBe(400);
    expect(notGrantable.envelope.message).toContain('permissionIds');
  });

  it('makes a granted permission work on the next request, and a revoked one stop', async () => {
    expect((await deleteStation()).statusCode).toBe(403);
    const row = await rowOf('distributor', id.enduser, Permission.StationDelete);
    expect(row).toMatchObject({ byRole: false, granted: false, grantable: true });
    const granted = await call('distributor', memberEndpoints.grant, { body: { id: id.enduser, permissionIds: [row?.id ?? ''] } });
    expect(granted.envelope, granted.response.body).toMatchObject({ success: true });
    expect((await deleteStation()).statusCode).toBe(404);
    const codes = (await t.call(menuEndpoints.userPermissions, { token: token.enduser })).envelope.result.auth.map((p) => p.action);
    expect(codes).toContain(Permission.StationDelete);
    expect(await rowOf('distributor', id.enduser, Permission.StationDelete)).toMatchObject({ granted: true });

    expect((await call('distributor', memberEndpoints.grant, { body: { id: id.enduser, permissionIds: [] } })).envelope).toMatchObject({ success: true });
    expect((await deleteStation()).statusCode).toBe(403);
    const notes = (await logged('/member/permissions')).map((row) => row.log_content);
    expect(notes.slice(-2)).toEqual([
      `Permissions of member enduser (${id.enduser}): granted ${Permission.StationDelete}; revoked none`,
      `Permissions of member enduser (${id.enduser}): granted none; revoked ${Permission.StationDelete}`,
    ]);
  });
});

describe('audit', () => {
  it('writes every creation to the operation log with the new account', async () => {
    const rows = await logged('/member/add');
    expect(rows.find((row) => row.log_content.startsWith('Created member newinst'))).toMatchObject({ userid: 'distributor', log_content: expect.stringContaining(`installer under ${id.distributor}`) });
  });
});
