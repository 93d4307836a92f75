import { type EndpointQuery, ServerCode, authEndpoints, userEndpoints } from '@cellsight/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSpreadsheet } from './support/spreadsheet.js';
import { type TestApp, addUser, adminPassword, createTestApp, queryRows } from './support/test-app.js';

let t: TestApp;
let admin: string;

const list = async (query: Record<string, string> = {}) => {
  const response = await t.request({ method: 'GET', url: '/boot/sys/user/list', token: admin, query });
  return { status: response.statusCode, body: response.json() };
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', adminPassword);
  // Created in this order, so createTime descending lists them newest first.
  for (const [username, realname, sex, phone] of [
    ['alice_w', 'Alice Wong', 2, '13800000001'],
    ['bob_k', 'Bob Keller', 1, '13800000002'],
    ['carol_m', 'Carol Meier', 2, '13800000003'],
    ['dave_100', 'Dave 100%', 1, null],
  ] as const) {
    const id = await addUser(t, admin, { username, realname, ...(phone ? { phone } : {}) });
    await t.request({ method: 'PUT', url: '/boot/sys/user/edit', token: admin, payload: { id, realname, sex, phone } });
  }
});
afterAll(() => t.close());

describe('user list (the list contract)', () => {
  it('pages with the default sort createTime descending and page size 10', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.result).toMatchObject({ total: 5, size: 10, current: 1, pages: 1 });
    expect(body.result.records.map((r: { username: string }) => r.username)).toEqual(['dave_100', 'carol_m', 'bob_k', 'alice_w', 'admin']);
    const page2 = await list({ pageNo: '2', pageSize: '2' });
    expect(page2.body.result).toMatchObject({ total: 5, size: 2, current: 2, pages: 3 });
    expect(page2.body.result.records.map((r: { username: string }) => r.username)).toEqual(['bob_k', 'alice_w']);
  });

  it('translates dictionary fields and joins department and role names', async () => {
    const { body } = await list({ username: 'alice_w' });
    expect(body.result.records[0]).toMatchObject({ sex: 2, sex_dictText: 'Female', status: 1, status_dictText: 'Normal', orgCodeTxt: null, roleNames: '' });
    const adminRow = (await list({ username: 'admin' })).body.result.records[0];
    expect(adminRow).toMatchObject({ orgCodeTxt: 'Cellsight', roleNames: 'Administrator' });
  });

  it('sorts by a named column in either direction', async () => {
    const asc = await list({ column: 'username', order: 'asc' });
    expect(asc.body.result.records.map((r: { username: string }) => r.username)).toEqual(['admin', 'alice_w', 'bob_k', 'carol_m', 'dave_100']);
    const desc = await list({ column: 'realname', order: 'desc', pageSize: '1' });
    expect(desc.body.result.records[0].username).toBe('dave_100');
  });

  it('applies each query rule', async () => {
    const names = async (query: Record<string, string>) => (await list({ column: 'username', order: 'asc', ...query })).body.result.records.map((r: { username: string }) => r.username);
    expect(await names({ realname: '*e*' })).toEqual(['alice_w', 'bob_k', 'carol_m', 'dave_100']); // like, case-insensitive
    expect(await names({ username: 'ca*' })).toEqual(['carol_m']); // right_like
    expect(await names({ username: '*_k' })).toEqual(['bob_k']); // left_like
    expect(await names({ username: 'bob_k,carol_m' })).toEqual(['bob_k', 'carol_m']); // in
    expect(await names({ username: '!admin', sex: '2' })).toEqual(['alice_w', 'carol_m']); // ne + eq
    expect(await names({ sex: 'gt 1' })).toEqual(['alice_w', 'carol_m']);
    expect(await names({ sex: 'le 1' })).toEqual(['bob_k', 'dave_100']);
    expect(await names({ realname: '*100%*' })).toEqual(['dave_100']); // % is literal, not a wildcard
    expect(await names({ phone: '13800000002' })).toEqual(['bob_k']);
  });

  it('takes the advanced query (superQueryParams) with and/or', async () => {
    const params = JSON.stringify([
      { field: 'username', rule: 'eq', val: 'alice_w' },
      { field: 'username', rule: 'right_like', val: 'bo' },
    ]);
    const or = await list({ superQueryParams: encodeURIComponent(params), superQueryMatchType: 'or', column: 'username', order: 'asc' });
    expect(or.body.result.records.map((r: { username: string }) => r.username)).toEqual(['alice_w', 'bob_k']);
    const and = await list({ superQueryParams: params, superQueryMatchType: 'and' });
    expect(and.body.result.total).toBe(0);
  });

  it('refuses unknown columns, rules and malformed paging with a 400 naming them', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ password_hash: 'x' }, 'password_hash'],
      [{ column: 'password_hash' }, 'column'],
      [{ column: 'username;drop table sys_user' }, 'column'],
      [{ pageSize: '0' }, 'pageSize'],
      [{ pageNo: 'abc' }, 'pageNo'],
      [{ sex: 'abc' }, 'sex'],
      [{ superQueryParams: '[{"field":"username","rule":"regex","val":"x"}]' }, 'rule'],
      [{ superQueryParams: 'not json' }, 'superQueryParams'],
      [{ superQueryMatchType: 'xor', superQueryParams: '[]' }, 'superQueryMatchType'],
    ];
    for (const [query, field] of cases) {
      const { status, body } = await list(query);
      expect(status, JSON.stringify(query)).toBe(400);
      expect(body).toMatchObject({ success: false, code: ServerCode.INCORRECT_PARAMETER });
      expect(body.message, JSON.stringify(query)).toContain(field);
    }
  });
});

describe('add, edit, duplicates', () => {
  it('adds a user with roles, refusing duplicates with the right codes', async () => {
    const roles = (await t.request({ method: 'GET', url: '/boot/sys/role/queryall', token: admin })).json().result as { id: string; roleCode: string }[];
    const installer = roles.find((r) => r.roleCode === 'installer');
    expect(installer).toBeDefined();
    const add = await t.request({
      method: 'POST',
      url: '/boot/sys/user/add',
      token: admin,
      payload: { username: 'erin_i', password: 'Erin12345', realname: 'Erin', email: 'Erin@Example.com', selectedroles: installer?.id },
    });
    expect(add.json()).toMatchObject({ success: true, code: ServerCode.ADDED });
    const id = add.json().result;
    expect((await t.call(userEndpoints.roleIds, { token: admin, query: { userid: id } })).envelope.result).toEqual([installer?.id]);

    const again = (payload: Record<string, string>) => t.request({ method: 'POST', url: '/boot/sys/user/add', token: admin, payload: { password: 'Other1234', realname: 'x', ...payload } });
    expect((await again({ username: 'erin_i' })).json()).toMatchObject({ success: false, code: ServerCode.USERNAME_REGISTERED });
    expect((await again({ username: 'erin_2', email: 'erin@example.COM' })).json()).toMatchObject({ success: false, code: ServerCode.EMAIL_REGISTERED });
    expect((await again({ username: 'erin_3', phone: '13800000001' })).json()).toMatchObject({ success: false, code: ServerCode.MOBILE_REGISTERED });
  });

  it('checkOnlyUser answers whether a value is free, ignoring the user being edited', async () => {
    const check = async (query: EndpointQuery<typeof userEndpoints.checkOnlyUser>) => (await t.call(userEndpoints.checkOnlyUser, { token: admin, query })).envelope;
    expect(await check({ username: 'alice_w' })).toMatchObject({ success: false, code: ServerCode.USERNAME_REGISTERED });
    expect(await check({ username: 'nobody_yet' })).toMatchObject({ success: true });
    const alice = (await list({ username: 'alice_w' })).body.result.records[0];
    expect(await check({ phone: '13800000001', id: alice.id })).toMatchObject({ success: true });
    expect(await check({ phone: '13800000001' })).toMatchObject({ success: false, code: ServerCode.MOBILE_REGISTERED });
  });

  it('takes JeecgBoot’s user form: a work number checked by its column name, and a password with special characters', async () => {
    const check = async (fieldName: string, fieldVal: string, dataId?: string) =>
      (await t.request({ method: 'GET', url: '/boot/sys/duplicate/check', token: admin, query: { tableName: 'sys_user', fieldName, fieldVal, ...(dataId ? { dataId } : {}) } })).json();
    expect(await check('work_no', 'W-0042')).toMatchObject({ success: true });
    const add = await t.request({
      method: 'POST',
      url: '/boot/sys/user/add',
      token: admin,
      payload: { username: 'jeecg_form', password: 'Jeecg#2024!', confirmpassword: 'Jeecg#2024!', realname: 'Jeecg Form', workNo: 'W-0042' },
    });
    expect(add.json()).toMatchObject({ success: true, code: ServerCode.ADDED });
    const id = add.json().result as string;
    expect(await t.login('jeecg_form', 'Jeecg#2024!')).toEqual(expect.any(String));

    // Taken now, by column or field name, except for the user being edited.
    expect(await check('work_no', 'W-0042')).toMatchObject({ success: false, code: ServerCode.INCORRECT_PARAMETER });
    expect(await check('workNo', 'W-0042')).toMatchObject({ success: false });
    expect(await check('work_no', 'W-0042', id)).toMatchObject({ success: true });
    const again = await t.request({ method: 'POST', url: '/boot/sys/user/add', token: admin, payload: { username: 'jeecg_two', password: 'Other1234', realname: 'x', workNo: 'W-0042' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().result.errors).toEqual([{ field: 'workNo', message: 'is already in use' }]);
    expect((await list({ username: 'jeecg_two' })).body.result.total).toBe(0);

    // The list shows it, and an edit that does not send it keeps it.
    expect((await list({ username: 'jeecg_form' })).body.result.records[0]).toMatchObject({ workNo: 'W-0042' });
    await t.request({ method: 'PUT', url: '/boot/sys/user/edit', token: admin, payload: { id, realname: 'Jeecg Form 2' } });
    expect((await list({ username: 'jeecg_form' })).body.result.records[0]).toMatchObject({ realname: 'Jeecg Form 2', workNo: 'W-0042' });
  });

  it('refuses invalid input with 400 naming the field and writes nothing', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ username: 'ab', password: 'Good12345', realname: 'x' }, 'username'],
      [{ username: 'has space', password: 'Good12345', realname: 'x' }, 'username'],
      [{ username: 'weakpw', password: '123456', realname: 'x' }, 'password'],
      [{ username: 'tabpw', password: 'Good\t12345', realname: 'x' }, 'password'],
      [{ username: 'longpw', password: `Good1${'x'.repeat(20)}`, realname: 'x' }, 'password'],
      [{ username: 'longwork', password: 'Good12345', realname: 'x', workNo: 'w'.repeat(65) }, 'workNo'],
      [{ username: 'longname', password: 'Good12345', realname: 'x'.repeat(101) }, 'realname'],
      [{ username: 'badphone', password: 'Good12345', realname: 'x', phone: '12345' }, 'phone'],
      [{ username: 'bademail', password: 'Good12345', realname: 'x', email: 'not-an-email' }, 'email'],
      [{ username: 'badsex', password: 'Good12345', realname: 'x', sex: 3 }, 'sex'],
      [{ username: 'badrole', password: 'Good12345', realname: 'x', selectedroles: 'no-such-role' }, 'selectedroles'],
      [{ username: 'badtenant', password: 'Good12345', realname: 'x', relTenantIds: '999' }, 'relTenantIds'],
    ];
    for (const [payload, field] of bad) {
      const response = await t.request({ method: 'POST', url: '/boot/sys/user/add', token: admin, payload });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().message, field).toContain(field);
      expect((await list({ username: String(payload.username) })).body.result.total, field).toBe(0);
    }
  });

  it('edits a user and refuses unknown ids with 404', async () => {
    const bob = (await list({ username: 'bob_k' })).body.result.records[0];
    const edit = await t.request({ method: 'PUT', url: '/boot/sys/user/edit', token: admin, payload: { id: bob.id, realname: 'Robert Keller', company: 'Keller GmbH' } });
    expect(edit.json()).toMatchObject({ success: true, code: ServerCode.EDITED });
    expect((await list({ username: 'bob_k' })).body.result.records[0]).toMatchObject({ realname: 'Robert Keller', company: 'Keller GmbH' });
    const missing = await t.request({ method: 'PUT', url: '/boot/sys/user/edit', token: admin, payload: { id: 'nope', realname: 'x' } });
    expect(missing.statusCode).toBe(404);
  });

  it('generateUserId answers a new id to whoever may add users; an add that sends it back gets an id of the server’s', async () => {
    const generated = await t.call(userEndpoints.generateUserId, { token: admin });
    expect(generated.statusCode).toBe(200);
    expect(generated.envelope).toMatchObject({ success: true, result: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const offered = generated.envelope.result;
    expect((await t.call(userEndpoints.generateUserId, { token: admin })).envelope.result).not.toBe(offered);
    expect((await queryRows(t, sql`select id from sys_user where id = ${offered}`)).length).toBe(0);

    // JeecgBoot's add form sends the id it was given: the add works, and assigns the user's id itself.
    const add = await t.request({ method: 'POST', url: '/boot/sys/user/add', token: admin, payload: { id: offered, username: 'offered_id', password: 'Offered123', realname: 'Offered' } });
    expect(add.json()).toMatchObject({ success: true, code: ServerCode.ADDED, result: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const id = add.json().result as string;
    expect(id).not.toBe(offered);
    expect((await list({ username: 'offered_id' })).body.result.records.map((r: { id: string }) => r.id)).toEqual([id]);
    await expect(t.login('offered_id', 'Offered123')).resolves.toBeTypeOf('string');

    // An id that is someone's already changes nothing of theirs.
    const alice = (await list({ username: 'alice_w' })).body.result.records[0];
    const again = await t.request({ method: 'POST', url: '/boot/sys/user/add', token: admin, payload: { id: alice.id, username: 'not_alice', password: 'NotAlice12', realname: 'Not Alice' } });
    expect(again.json()).toMatchObject({ success: true, code: ServerCode.ADDED });
    expect(again.json().result).not.toBe(alice.id);
    expect((await list({ username: 'alice_w' })).body.result.records[0]).toMatchObject({ id: alice.id, realname: alice.realname });

    // It needs the user-add permission, as the form it serves does.
    expect((await t.request({ method: 'GET', url: '/boot/sys/user/generateUserId' })).statusCode).toBe(401);
    await addUser(t, admin, { username: 'cannot_add', password: 'Cannot123' });
    const plain = await t.login('cannot_add', 'Cannot123');
    expect((await t.call(userEndpoints.generateUserId, { token: plain })).statusCode).toBe(403);
  });
});

describe('freeze, recycle bin', () => {
  it('a frozen user is signed out and cannot sign in until unfrozen', async () => {
    const id = await addUser(t, admin, { username: 'frank_f', password: 'Frank1234' });
    const token = await t.login('frank_f', 'Frank1234');
    const freeze = await t.call(userEndpoints.frozenBatch, { token: admin, body: { ids: id, status: 2 } });
    expect(freeze.envelope).toMatchObject({ success: true });
    expect((await list({ username: 'frank_f' })).body.result.records[0]).toMatchObject({ status: 2, status_dictText: 'Frozen' });
    expect((await t.request({ method: 'GET', url: '/boot/sys/permission/getUserPermissionByToken', token })).statusCode).toBe(401);
    const login = await t.call(authEndpoints.login, { body: { username: 'frank_f', password: 'Frank1234' } });
    expect(login.envelope).toMatchObject({ success: false, code: ServerCode.ACCOUNT_FROZEN });
    await t.call(userEndpoints.frozenBatch, { token: admin, body: { ids: id, status: '1' } });
    await expect(t.login('frank_f', 'Frank1234')).resolves.toBeTypeOf('string');
  });

  it('an administrator cannot freeze or delete their own account', async () => {
    const me = (await list({ username: 'admin' })).body.result.records[0];
    expect((await t.call(userEndpoints.frozenBatch, { token: admin, body: { ids: me.id, status: 2 } })).statusCode).toBe(403);
    expect((await t.request({ method: 'DELETE', url: '/boot/sys/user/delete', token: admin, query: { id: me.id } })).statusCode).toBe(403);
  });

  it('delete moves to the recycle bin; restore brings back; delete forever removes', async () => {
    const id = await addUser(t, admin, { username: 'gina_g', password: 'Gina12345' });
    const del = await t.request({ method: 'DELETE', url: '/boot/sys/user/delete', token: admin, query: { id } });
    expect(del.json()).toMatchObject({ success: true, code: ServerCode.DELETED });
    expect((await list({ username: 'gina_g' })).body.result.total).toBe(0);
    await expect(t.login('gina_g', 'Gina12345')).rejects.toThrow();
    const bin = (await t.call(userEndpoints.recycleBin, { token: admin })).envelope.result;
    expect(bin.map((u) => u.username)).toEqual(['gina_g']);
    await t.call(userEndpoints.restoreRecycleBin, { token: admin, body: { userIds: id } });
    expect((await list({ username: 'gina_g' })).body.result.total).toBe(1);
    await t.request({ method: 'DELETE', url: '/boot/sys/user/deleteBatch', token: admin, query: { ids: id } });
    const gone = await t.call(userEndpoints.deleteRecycleBin, { token: admin, query: { userIds: id } });
    expect(gone.envelope).toMatchObject({ success: true });
    expect((await t.call(userEndpoints.recycleBin, { token: admin })).envelope.result).toEqual([]);
    // The name is free again.
    await expect(addUser(t, admin, { username: 'gina_g' })).resolves.toBeTypeOf('string');
  });

  it('an administrator resets another user’s password, ending their sessions', async () => {
    await addUser(t, admin, { username: 'hank_h', password: 'Hank12345' });
    const token = await t.login('hank_h', 'Hank12345');
    const reset = await t.call(userEndpoints.changePassword, { token: admin, body: { username: 'hank_h', password: 'Reset1234' } });
    expect(reset.envelope).toMatchObject({ success: true, code: ServerCode.PASSWORD_RESET });
    expect((await t.request({ method: 'GET', url: '/boot/sys/permission/getUserPermissionByToken', token })).statusCode).toBe(401);
    await expect(t.login('hank_h', 'Reset1234')).resolves.toBeTypeOf('string');
  });
});

describe('own profile', () => {
  it('queryById returns yourself; edit_info changes only your own profile', async () => {
    const id = await addUser(t, admin, { username: 'ivy_i', password: 'Ivy123456' });
    const token = await t.login('ivy_i', 'Ivy123456');
    const me = await t.call(userEndpoints.queryById, { token, query: { id } });
    expect(me.envelope.result).toMatchObject({ username: 'ivy_i' });
    const adminId = (await list({ username: 'admin' })).body.result.records[0].id;
    expect((await t.call(userEndpoints.queryById, { token, query: { id: adminId } })).statusCode).toBe(403);
    const save = await t.call(userEndpoints.editInfo, { token, body: { realname: 'Ivy Ives', sex: 2, company: 'Ives AG', address: 'Main St 1' } });
    expect(save.envelope).toMatchObject({ success: true, result: { realname: 'Ivy Ives', sex: 2, company: 'Ives AG', address: 'Main St 1' } });
    const other = await t.call(userEndpoints.editInfo, { token, body: { id: adminId, realname: 'Hacked' } });
    expect(other.statusCode).toBe(403);
  });
});

describe('user export (.xlsx)', () => {
  const exportSheet = (query: Record<string, string>, headers: Record<string, string> = {}, token = admin) =>
    t.request({ method: 'GET', url: '/boot/sys/user/exportXls', token, query, headers });

  it('exports what the search finds, sorted as asked, with headings in the asked language', async () => {
    const response = await exportSheet({ sex: '2', column: 'username', order: 'asc', pageSize: '1' }, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Benutzer-\d{8}-\d{4}\.xlsx"/);
    const rows = await readSpreadsheet(response.rawPayload);
    expect(rows[0]).toEqual(['Benutzername', 'Name', 'Geschlecht', 'E-Mail', 'Telefon', 'Firma', 'Rollen', 'Kontotyp', 'Übergeordnet', 'Status', 'Erstellt (UTC)']);
    // Paging is ignored: every match is exported; dictionary texts are in the asked language too.
    const expected = (await list({ sex: '2', column: 'username', order: 'asc', pageSize: '100' })).body.result.records.map((r: { username: string; realname: string }) => [r.username, r.realname, 'Weiblich']);
    expect(expected.length).toBeGreaterThan(1);
    expect(rows.slice(1).map((row) => row.slice(0, 3))).toEqual(expected);
    expect(rows[1]?.[10]).toBeInstanceOf(Date);
  });

  it('exports only the selected rows when there are selections', async () => {
    const found = await list({ username: 'bob_k' });
    const bob = found.body.result.records[0].id as string;
    const response = await exportSheet({ selections: `${bob},${bob}` }, { 'accept-language': 'zh-CN' });
    const rows = await readSpreadsheet(response.rawPayload);
    expect(rows[0]?.[0]).toBe('用户名');
    expect(rows.slice(1).map((row) => row[0])).toEqual(['bob_k']);
  });

  it('refuses bad filters with a 400 naming the field, and users without the permission with 403', async () => {
    const bad = await exportSheet({ nickname: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: ServerCode.INCORRECT_PARAMETER });
    expect(bad.json().message).toContain('nickname');
    await addUser(t, admin, { username: 'no_export', password: 'Noexport1' });
    const plain = await t.login('no_export', 'Noexport1');
    const refused = await exportSheet({}, {}, plain);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, code: ServerCode.NO_PERMISSION });
  });
});

describe('departments in the user form', () => {
  it('lists the department tree and keeps a user’s departments', async () => {
    const tree = await t.request({ method: 'GET', url: '/boot/sys/sysDepart/queryTreeList', token: admin });
    expect(tree.statusCode).toBe(200);
    expect(tree.json().result).toEqual([expect.objectContaining({ id: 'd-root', key: 'd-root', value: 'd-root', title: 'Cellsight', orgCode: 'A01', children: [] })]);

    const added = await t.request({ method: 'POST', url: '/boot/sys/user/add', token: admin, payload: { username: 'in_depart', password: 'Depart123', realname: 'In Depart', selecteddeparts: 'd-root' } });
    expect(added.json()).toMatchObject({ success: true });
    const departs = await t.call(userEndpoints.departs, { token: admin, query: { userId: added.json().result } });
    expect(departs.envelope.result).toEqual([{ key: 'd-root', title: 'Cellsight' }]);
  });

  it('refuses unknown departments with a 400 naming the field, and creates nothing', async () => {
    const response = await t.request({ method: 'POST', url: '/boot/sys/user/add', token: admin, payload: { username: 'no_depart', password: 'Depart123', realname: 'x', selecteddeparts: 'd-root,d-nowhere' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: ServerCode.INCORRECT_PARAMETER });
    expect(response.json().message).toContain('selecteddeparts');
    expect((await list({ username: 'no_depart' })).body.result.total).toBe(0);
  });
});

describe('dictionary texts in the console’s language', () => {
  it('writes *_dictText and the dictionaries in the Accept-Language, English by default', async () => {
    const sexes = async (language?: string) => {
      const response = await t.request({ method: 'GET', url: '/boot/sys/user/list', token: admin, query: { username: 'alice_w' }, headers: language ? { 'accept-language': language } : {} });
      return response.json().result.records.map((r: { sex_dictText: string; status_dictText: string }) => [r.sex_dictText, r.status_dictText]);
    };
    expect(await sexes()).toEqual([['Female', 'Normal']]);
    expect(await sexes('de-DE,de;q=0.9')).toEqual([['Weiblich', 'Normal']]);
    expect(await sexes('zh-CN')).toEqual([['女', '正常']]);
    const dictionaries = await t.request({ method: 'GET', url: '/boot/sys/dict/queryAllDictItems', token: admin, headers: { 'accept-language': 'zh-CN' } });
    expect(dictionaries.json().result.sex).toEqual([
      { value: '1', text: '男', title: '男' },
      { value: '2', text: '女', title: '女' },
    ]);
    const login = await t.request({ method: 'POST', url: '/boot/sys/login', payload: { username: 'admin', password: adminPassword }, headers: { 'accept-language': 'de' } });
    expect(login.json().result.sysAllDictItems.user_status.map((i: { text: string }) => i.text)).toEqual(['Normal', 'Gesperrt']);
  });
});

describe('user export (.csv)', () => {
  it('exports the same view as CSV with a byte-order mark, quoting, and no formula a spreadsheet would run', async () => {
    const id = await addUser(t, admin, { username: 'csv_user', realname: '=HYPERLINK("http://x","y"), Jr.' });
    expect(id).toBeTruthy();
    const response = await t.request({ method: 'GET', url: '/boot/sys/user/exportCsv', token: admin, query: { username: 'csv_user' }, headers: { 'accept-language': 'de-DE' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Benutzer-\d{8}-\d{4}\.csv"/);
    const text = response.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, row, end] = text.slice(1).split('\r\n');
    expect(header).toBe('Benutzername,Name,Geschlecht,E-Mail,Telefon,Firma,Rollen,Kontotyp,Übergeordnet,Status,Erstellt (UTC)');
    // A user made without a type is an end user (the least it may see), with no superior.
    expect(row).toMatch(/^csv_user,"'=HYPERLINK\(""http:\/\/x"",""y""\), Jr\.",,,,,,Endkunde,,Normal,\d{4}-\d{2}-\d{2}T/);
    expect(end).toBe('');
  });
});
