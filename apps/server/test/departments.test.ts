import { type DepartTreeNode, type EndpointBody, type EndpointQuery, Permission, ServerCode, departEndpoints, departUserEndpoints, userListColumns } from '@cellsight/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.js';
import { nextOrgCode } from '../src/lib/org-code.js';
import { describeListEndpoint } from './support/list-conformance.js';
import { type TestApp, addUser, adminPassword, createTestApp, moveToTenant } from './support/test-app.js';

/** The seeded root department (seed-data `rootDepart`). */
const root = { id: 'd-root', orgCode: 'A01', departName: 'Cellsight' };

let t: TestApp;
let admin: string;

const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: { query?: Record<string, string>; payload?: object; token?: string } = {}) => {
  const response = await t.request({ method, url: `/boot${url}`, token: options.token ?? admin, query: options.query, payload: options.payload });
  return { status: response.statusCode, body: response.json() as { success: boolean; message: string; code: number; result: unknown } };
};

const tree = async () => (await t.call(departEndpoints.tree, { token: admin })).envelope.result;
const flatten = (nodes: DepartTreeNode[]): DepartTreeNode[] => nodes.flatMap((node) => [node, ...flatten(node.children)]);
const byId = async (id: string) => flatten(await tree()).find((node) => node.id === id);

const addDepart = async (body: EndpointBody<typeof departEndpoints.add>): Promise<string> => {
  const { statusCode, envelope } = await t.call(departEndpoints.add, { token: admin, body });
  if (statusCode !== 200) throw new Error(envelope.message);
  return envelope.result;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', adminPassword);
});
afterAll(() => t.close());

describe('org codes', () => {
  it('count A01 to A99, then B01, and stop after Z99', () => {
    expect(nextOrgCode('', [])).toBe('A01');
    expect(nextOrgCode('', ['A01', 'A07', 'A03'])).toBe('A08');
    expect(nextOrgCode('', ['A99'])).toBe('B01');
    expect(nextOrgCode('A01', ['A01A01', 'A01A02'])).toBe('A01A03');
    // Codes that are not one level below the parent do not count.
    expect(nextOrgCode('A01', ['A01A05B01', 'XYZ', 'A02A09'])).toBe('A01A01');
    expect(nextOrgCode('', ['Z99'])).toBeNull();
  });
});

describe('department tree', () => {
  let sales: string;
  let north: string;
  let south: string;

  it('starts with the seeded root, with every field of the record', async () => {
    const nodes = await tree();
    expect(nodes).toHaveLength(1);
    expect(nodes[0]).toMatchObject({ ...root, key: root.id, value: root.id, title: root.departName, parentId: null, orgCategory: '1', status: '1', isLeaf: true, children: [] });
    expect(nodes[0]).toHaveProperty('mobile', null);
    expect(nodes[0]).toHaveProperty('createTime');
  });

  it('adds roots and children with hierarchical org codes', async () => {
    const second = await addDepart({ departName: 'Second Company' });
    sales = await addDepart({ departName: 'Sales', parentId: root.id, mobile: '+49 30 1234', departOrder: 2 });
    const service = await addDepart({ departName: 'Service', parentId: root.id, departOrder: 1, orgCategory: '2' });
    north = await addDepart({ departName: 'Sales North', parentId: sales });
    south = await addDepart({ departName: 'Sales South', parentId: sales, orgCategory: '3' });

    expect(await byId(second)).toMatchObject({ orgCode: 'A02', parentId: null, orgCategory: '1' });
    expect(await byId(sales)).toMatchObject({ orgCode: 'A01A01', parentId: root.id, orgCategory: '2', mobile: '+49 30 1234', isLeaf: false });
    expect(await byId(service)).toMatchObject({ orgCode: 'A01A02', isLeaf: true });
    expect(await byId(north)).toMatchObject({ orgCode: 'A01A01A01', parentId: sales });
    expect(await byId(south)).toMatchObject({ orgCode: 'A01A01A02', orgCategory: '3' });

    const [company] = await tree();
    // Siblings in their sort order: Service (1) before Sales (2).
    expect(company?.children.map((child) => child.departName)).toEqual(['Service', 'Sales']);
    expect(company?.children[1]?.children.map((child) => child.title)).toEqual(['Sales North', 'Sales South']);
  });

  it('loads the tree a level at a time (queryDepartTreeSync): the roots, then a department\'s children, each saying whether it has any', async () => {
    const level = async (pid?: string) => (await t.call(departEndpoints.treeSync, { token: admin, query: pid === undefined ? {} : { pid } })).envelope.result;
    const [company] = await tree();
    const roots = await level();
    expect(roots.map((node) => node.id)).toEqual((await tree()).map((node) => node.id));
    expect(roots.every((node) => node.children.length === 0)).toBe(true);
    expect(roots.find((node) => node.id === root.id)).toMatchObject({ isLeaf: false, title: root.departName });
    expect(await level('')).toEqual(roots);
    const children = await level(root.id);
    expect(children.map((node) => [node.title, node.isLeaf])).toEqual(company?.children.map((node) => [node.title, node.children.length === 0]));
    expect(await level(north)).toEqual([]);
    expect(await level('no-such-department')).toEqual([]);
  });

  it('gives departments added at the same time different org codes', async () => {
    const ids = await Promise.all(['P1', 'P2', 'P3', 'P4'].map((departName) => addDepart({ departName, parentId: root.id })));
    const codes = await Promise.all(ids.map(async (id) => (await byId(id))?.orgCode));
    expect(new Set(codes).size).toBe(4);
    expect(codes.every((code) => /^A01A0[3-6]$/.test(code ?? ''))).toBe(true);
    await t.call(departEndpoints.deleteBatch, { token: admin, query: { ids: ids.join(',') } });
  });

  it('refuses a missing name, an unknown parent and bad values, naming the field', async () => {
    for (const [payload, field] of [
      [{ departName: ' ' }, 'departName'],
      [{ departName: 'Orphan', parentId: 'd-nowhere' }, 'parentId'],
      [{ departName: 'Bad', orgCategory: '7' }, 'orgCategory'],
      [{ departName: 'Bad', mobile: 'call me' }, 'mobile'],
      [{ departName: 'Bad', status: 'x' }, 'status'],
    ] as const) {
      const { status, body } = await call('POST', '/sys/sysDepart/add', { payload });
      expect(status, field).toBe(400);
      expect(body.message).toContain(field);
    }
    expect(flatten(await tree()).some((node) => ['Orphan', 'Bad'].includes(node.departName))).toBe(false);
  });

  it('finds departments by part of their name, flat, and lists the id tree', async () => {
    const found = await t.call(departEndpoints.search, { token: admin, query: { keyWord: 'sales' } });
    expect(found.statusCode).toBe(200);
    const nodes = found.envelope.result;
    expect(nodes.map((node) => node.departName).sort()).toEqual(['Sales', 'Sales North', 'Sales South']);
    expect(nodes.every((node) => node.children.length === 0)).toBe(true);
    // A LIKE wildcard is a plain character.
    expect((await t.call(departEndpoints.search, { token: admin, query: { keyWord: '%' } })).envelope.result).toEqual([]);

    const ids = (await t.call(departEndpoints.idTree, { token: admin })).envelope.result;
    const company = ids.find((node) => node.key === root.id);
    expect(company).toMatchObject({ key: root.id, value: root.id, title: root.departName });
    expect(Object.keys(company ?? {}).sort()).toEqual(['children', 'key', 'title', 'value']);
    expect(company?.children.find((node) => node.key === sales)?.children.map((node) => node.title)).toEqual(['Sales North', 'Sales South']);
  });

  it('edits a department but never moves it', async () => {
    const edited = await t.call(departEndpoints.edit, { token: admin, body: { id: north, departName: 'Sales Nord', memo: 'Hamburg', parentId: sales } });
    expect(edited.statusCode).toBe(200);
    expect(edited.envelope.code).toBe(ServerCode.EDITED);
    expect(await byId(north)).toMatchObject({ departName: 'Sales Nord', title: 'Sales Nord', memo: 'Hamburg', orgCode: 'A01A01A01', parentId: sales });

    const moved = await call('POST', '/sys/sysDepart/edit', { payload: { id: north, parentId: root.id } });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toContain('parentId');
    const toRoot = await t.call(departEndpoints.edit, { token: admin, body: { id: north, parentId: '' } });
    expect(toRoot.statusCode).toBe(400);
    expect((await byId(north))?.parentId).toBe(sales);

    // An empty optional field clears it.
    await t.call(departEndpoints.edit, { token: admin, body: { id: north, memo: '' } });
    expect((await byId(north))?.memo).toBeNull();

    expect((await t.call(departEndpoints.edit, { token: admin, body: { id: 'd-nowhere', departName: 'x' } })).statusCode).toBe(404);
    expect((await t.call(departEndpoints.edit, { token: admin, body: { id: north, departName: '' } })).envelope.message).toContain('departName');
  });

  it('refuses to delete a department that still has sub-departments, naming it', async () => {
    const one = await t.call(departEndpoints.delete, { token: admin, query: { id: sales } });
    expect(one.statusCode).toBe(400);
    expect(one.envelope.message).toContain('id');
    expect(one.envelope.message).toContain('Sales');
    const batch = await t.call(departEndpoints.deleteBatch, { token: admin, query: { ids: `${sales},${north}` } });
    expect(batch.statusCode).toBe(400);
    expect(batch.envelope.message).toContain('ids');
    expect(await byId(sales)).toBeDefined();
    expect(await byId(north)).toBeDefined();
    expect((await t.call(departEndpoints.delete, { token: admin, query: { id: 'd-nowhere' } })).statusCode).toBe(404);
  });

  it('deletes a department with its user links, and a subtree given whole', async () => {
    const userId = await addUser(t, admin, { username: 'south_worker' });
    await t.call(departUserEndpoints.add, { token: admin, body: { depId: south, userIdList: [userId] } });
    await t.app.db.update(users).set({ orgCode: 'A01A01A02' }).where(eq(users.id, userId));

    const deleted = await t.call(departEndpoints.delete, { token: admin, query: { id: south } });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.envelope.code).toBe(ServerCode.DELETED);
    expect(await byId(south)).toBeUndefined();
    expect((await call('GET', '/sys/user/userDepartList', { query: { userId } })).body.result).toEqual([]);
    const [row] = await t.app.db.select({ orgCode: users.orgCode }).from(users).where(eq(users.id, userId));
    expect(row?.orgCode).toBeNull();

    const batch = await t.call(departEndpoints.deleteBatch, { token: admin, query: { ids: `${sales},${north}` } });
    expect(batch.statusCode).toBe(200);
    expect(batch.envelope.code).toBe(ServerCode.BATCH_DELETED);
    expect(await byId(sales)).toBeUndefined();
    expect(await byId(north)).toBeUndefined();
  });
});

describe('users of a department', () => {
  let depart: string;
  let anna: string;
  let ben: string;

  beforeAll(async () => {
    depart = await addDepart({ departName: 'Support', parentId: root.id });
    anna = await addUser(t, admin, { username: 'anna_s', realname: 'Anna Schmidt' });
    ben = await addUser(t, admin, { username: 'ben_s', realname: 'Ben Schulz' });
  });

  const members = async (query: Omit<EndpointQuery<typeof departUserEndpoints.list>, 'depId'> = {}) => {
    const { statusCode, envelope } = await t.call(departUserEndpoints.list, { token: admin, query: { ...query, depId: depart } });
    expect(statusCode).toBe(200);
    return envelope.result.records.map((user) => user.username);
  };

  it('adds users, lists them with the list contract and takes them out again', async () => {
    expect(await members()).toEqual([]);
    const added = await t.call(departUserEndpoints.add, { token: admin, body: { depId: depart, userIdList: [anna, ben, anna] } });
    expect(added.statusCode).toBe(200);
    expect(added.envelope.code).toBe(ServerCode.ADDED);
    expect(await members({ column: 'username', order: 'asc' })).toEqual(['anna_s', 'ben_s']);
    expect(await members({ username: '*ben*' })).toEqual(['ben_s']);
    // Adding again changes nothing.
    expect((await t.call(departUserEndpoints.add, { token: admin, body: { depId: depart, userIdList: [anna] } })).statusCode).toBe(200);
    expect(await members()).toHaveLength(2);

    const removed = await t.call(departUserEndpoints.remove, { token: admin, query: { depId: depart, userIds: ben } });
    expect(removed.statusCode).toBe(200);
    expect(await members()).toEqual(['anna_s']);
    expect((await t.call(departUserEndpoints.remove, { token: admin, query: { depId: depart, userIds: ben } })).statusCode).toBe(404);
  });

  it('answers the user picker with the department’s users, by real name', async () => {
    await t.call(departUserEndpoints.add, { token: admin, body: { depId: depart, userIdList: [ben] } });
    const all = await t.call(departUserEndpoints.byDepart, { token: admin, query: { id: depart } });
    expect(all.envelope.result.map((user) => user.username)).toEqual(['anna_s', 'ben_s']);
    const named = await t.call(departUserEndpoints.byDepart, { token: admin, query: { id: depart, realname: 'schul' } });
    expect(named.envelope.result.map((user) => user.realname)).toEqual(['Ben Schulz']);
    expect((await t.call(departUserEndpoints.byDepart, { token: admin, query: { id: 'd-nowhere' } })).statusCode).toBe(404);
  });

  it('refuses unknown users and departments, naming the field, and adds nobody', async () => {
    const unknown = await t.call(departUserEndpoints.add, { token: admin, body: { depId: depart, userIdList: [anna, 'u-nobody'] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.envelope.message).toContain('userIdList');
    expect((await t.call(departUserEndpoints.add, { token: admin, body: { depId: depart, userIdList: [] } })).envelope.message).toContain('userIdList');
    expect((await t.call(departUserEndpoints.add, { token: admin, body: { depId: 'd-nowhere', userIdList: [anna] } })).statusCode).toBe(404);
    expect((await call('GET', '/sys/user/departUserList', { query: {} })).body.message).toContain('depId');
    expect((await t.call(departUserEndpoints.list, { token: admin, query: { depId: 'd-nowhere' } })).statusCode).toBe(404);
  });

  it('never shows or links users of another tenant', async () => {
    const stranger = await addUser(t, admin, { username: 'other_firm' });
    await moveToTenant(t, stranger, 77);
    const refused = await t.call(departUserEndpoints.add, { token: admin, body: { depId: depart, userIdList: [stranger] } });
    expect(refused.statusCode).toBe(400);
    expect(await members()).not.toContain('other_firm');
  });
});

describe('access', () => {
  let noGrants: string;
  let demo: string;

  beforeAll(async () => {
    await addUser(t, admin, { username: 'depart_nobody' });
    noGrants = await t.login('depart_nobody', 'Passw0rd1');
    const demoId = await addUser(t, admin, { username: 'depart_demo', selectedroles: 'r-admin' });
    await t.app.db.update(users).set({ demo: true }).where(eq(users.id, demoId));
    demo = await t.login('depart_demo', 'Passw0rd1');
  });

  const reads = ['/sys/sysDepart/queryTreeList', '/sys/sysDepart/queryDepartTreeSync', '/sys/sysDepart/searchBy', '/sys/sysDepart/queryIdTree', '/sys/user/queryUserByDepId?id=d-root', '/sys/user/departUserList?depId=d-root'];
  const writes = [
    { method: 'POST', url: '/sys/sysDepart/add', payload: { departName: 'Demo' } },
    { method: 'PUT', url: '/sys/sysDepart/edit', payload: { id: root.id, departName: 'Demo' } },
    { method: 'POST', url: '/sys/sysDepart/edit', payload: { id: root.id, departName: 'Demo' } },
    { method: 'DELETE', url: `/sys/sysDepart/delete?id=${root.id}` },
    { method: 'DELETE', url: `/sys/sysDepart/deleteBatch?ids=${root.id}` },
    { method: 'POST', url: '/sys/user/editSysDepartWithUser', payload: { depId: root.id, userIdList: ['x'] } },
    { method: 'DELETE', url: `/sys/user/deleteUserInDepartBatch?depId=${root.id}&userIds=x` },
  ] as const;

  it('answers 401 without a token and 403 without the permission', async () => {
    for (const url of reads) {
      expect((await t.request({ method: 'GET', url: `/boot${url}` })).statusCode, url).toBe(401);
      expect((await t.request({ method: 'GET', url: `/boot${url}`, token: noGrants })).statusCode, url).toBe(403);
    }
    for (const write of writes) {
      const response = await t.request({ method: write.method, url: `/boot${write.url}`, token: noGrants, ...('payload' in write ? { payload: write.payload } : {}) });
      expect(response.statusCode, `${write.method} ${write.url}`).toBe(403);
    }
  });

  it('refuses the demo account every write, even with the permissions', async () => {
    expect((await t.request({ method: 'GET', url: '/boot/sys/sysDepart/queryTreeList', token: demo })).statusCode).toBe(200);
    for (const write of writes) {
      const response = await t.request({ method: write.method, url: `/boot${write.url}`, token: demo, ...('payload' in write ? { payload: write.payload } : {}) });
      expect(response.statusCode, `${write.method} ${write.url}`).toBe(403);
      expect(response.json()).toMatchObject({ code: ServerCode.DEMO_NOT_SUPPORTED });
    }
    expect((await tree()).find((node) => node.id === root.id)?.departName).toBe(root.departName);
  });
});

describeListEndpoint('department users', {
  url: '/boot/sys/user/departUserList',
  columns: userListColumns,
  permission: Permission.DepartList,
  fixedQuery: { depId: root.id },
  async seed(t, admin) {
    const ids: string[] = [];
    for (const username of ['member_a', 'member_b', 'member_c']) ids.push(await addUser(t, admin, { username, realname: `Member ${username}` }));
    const { statusCode, response } = await t.call(departUserEndpoints.add, { token: admin, body: { depId: root.id, userIdList: ids } });
    if (statusCode !== 200) throw new Error(response.body);
  },
  // A member of the department who belongs to another company.
  async foreign(t) {
    const token = await t.login('admin', adminPassword);
    const id = await addUser(t, token, { username: 'member_foreign' });
    await t.call(departUserEndpoints.add, { token, body: { depId: root.id, userIdList: [id] } });
    await moveToTenant(t, id, 99);
    return id;
  },
  writes: [
    { method: 'POST', url: '/boot/sys/user/editSysDepartWithUser' },
    { method: 'DELETE', url: '/boot/sys/user/deleteUserInDepartBatch' },
    { method: 'POST', url: '/boot/sys/sysDepart/add' },
    { method: 'PUT', url: '/boot/sys/sysDepart/edit' },
    { method: 'DELETE', url: '/boot/sys/sysDepart/delete' },
    { method: 'DELETE', url: '/boot/sys/sysDepart/deleteBatch' },
  ],
});
