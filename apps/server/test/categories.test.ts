import { categoryEndpoints } from '@cellsight/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, addUser, adminPassword, createTestApp, moveToTenant } from './support/test-app.js';

/** Categories: codes kept right on add, move and delete, and the tree calls of the category select (list contract: list-conformance.test.ts). */

let t: TestApp;
let admin: string;

const add = async (name: string, pid?: string, token = admin) => {
  const response = await t.request({ method: 'POST', url: '/boot/sys/category/add', token, payload: { name, ...(pid ? { pid } : {}) } });
  expect(response.json(), response.body).toMatchObject({ success: true });
  return response.json().result as string;
};
const get = (url: string, query: Record<string, string> = {}, token = admin) => t.request({ method: 'GET', url: `/boot/sys/category/${url}`, token, query });
const byId = async (id: string) => (await get('queryById', { id })).json().result;
const titles = (nodes: { title: string }[]) => nodes.map((node) => node.title);

let faults: string;
let battery: string;
let cells: string;
let grid: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', adminPassword);
  faults = await add('Faults');
  battery = await add('Battery', faults);
  cells = await add('Cells', battery);
  grid = await add('Grid', faults);
  await add('Requests');
});
afterAll(() => t.close());

describe('categories', () => {
  it('gives each new node the next code under its parent and marks parents as having children', async () => {
    expect(await byId(faults)).toMatchObject({ code: 'A01', pid: '0', hasChild: '1' });
    expect(await byId(battery)).toMatchObject({ code: 'A01A01', pid: faults, hasChild: '1' });
    expect(await byId(cells)).toMatchObject({ code: 'A01A01A01', hasChild: '0' });
    expect(await byId(grid)).toMatchObject({ code: 'A01A02' });
    const unknownParent = await t.request({ method: 'POST', url: '/boot/sys/category/add', token: admin, payload: { name: 'Orphan', pid: 'nope' } });
    expect(unknownParent.statusCode).toBe(404);
    expect(unknownParent.json().result.errors).toEqual([{ field: 'pid', message: 'Parent category not found' }]);
  });

  it('loads the tree lazily from the roots or a code, with leaf flags, or whole with async=false', async () => {
    const roots = (await t.call(categoryEndpoints.treeRoot, { token: admin })).envelope.result;
    expect(roots.map((node) => [node.title, node.code, node.leaf])).toEqual([
      ['Faults', 'A01', false],
      ['Requests', 'A02', true],
    ]);
    expect(roots[0]).toEqual({ key: faults, value: faults, title: 'Faults', label: 'Faults', code: 'A01', parentId: '0', leaf: false });
    expect(titles((await t.call(categoryEndpoints.treeRoot, { token: admin, query: { pcode: 'A01' } })).envelope.result)).toEqual(['Battery', 'Grid']);
    const whole = (await t.call(categoryEndpoints.treeRoot, { token: admin, query: { pcode: 'A01', async: 'false' } })).envelope.result;
    expect(titles(whole)).toEqual(['Battery', 'Grid']);
    expect(titles(whole[0]?.children ?? [])).toEqual(['Cells']);
    expect(titles((await t.call(categoryEndpoints.treeChildren, { token: admin, query: { pid: battery } })).envelope.result)).toEqual(['Cells']);
    expect((await t.call(categoryEndpoints.treeRoot, { token: admin, query: { pcode: 'Z99' } })).statusCode).toBe(404);
  });

  it('answers JeecgBoot’s category screen: the roots as a page, a node’s children, the children of several', async () => {
    const names = (records: { name: string }[]) => records.map((record) => record.name);
    const roots = (await t.call(categoryEndpoints.rootList, { token: admin })).envelope.result;
    expect(names(roots.records)).toEqual(['Faults', 'Requests']);
    expect(roots).toMatchObject({ total: 2, current: 1 });
    // A search by name or code looks at every level, as JeecgBoot's does.
    expect(names((await t.call(categoryEndpoints.rootList, { token: admin, query: { name: '*ell*' } })).envelope.result.records)).toEqual(['Cells']);
    expect(names((await t.call(categoryEndpoints.childList, { token: admin, query: { pid: faults } })).envelope.result)).toEqual(['Battery', 'Grid']);
    expect(names((await t.call(categoryEndpoints.childListBatch, { token: admin, query: { parentIds: `${faults},${battery}` } })).envelope.result.records)).toEqual(['Battery', 'Cells', 'Grid']);
    const refused = await t.call(categoryEndpoints.childListBatch, { token: admin, query: { parentIds: 'a;b' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.envelope.message).toContain('parentIds');
    expect((await get('childList')).statusCode).toBe(400);
  });

  it('filters tree data by pid or pcode and a JSON condition on allowed columns only', async () => {
    const treeData = async (query: { pid?: string; pcode?: string; condition?: string }) => titles((await t.call(categoryEndpoints.treeData, { token: admin, query })).envelope.result);
    expect(await treeData({ pid: faults })).toEqual(['Battery', 'Grid']);
    expect(await treeData({ pcode: 'A01', condition: JSON.stringify({ name: 'Grid' }) })).toEqual(['Grid']);
    expect(await treeData({ condition: JSON.stringify({ hasChild: '1' }) })).toEqual(['Faults']);
    for (const [condition, message] of [
      ['name=Grid', 'must be a JSON object'],
      ['{"tenant_id":"2"}', 'may filter only on name, code, hasChild, createBy (not tenant_id)'],
      ['{"name":{"$ne":"x"}}', 'name must be a text or a number'],
    ] as const) {
      const refused = await get('loadTreeData', { condition });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().result.errors).toEqual([{ field: 'condition', message }]);
    }
  });

  it('loads one by code or name and the names of comma-joined ids in their order', async () => {
    expect((await t.call(categoryEndpoints.loadOne, { token: admin, query: { field: 'code', val: 'A01A02' } })).envelope.result).toMatchObject({ id: grid, name: 'Grid' });
    expect((await t.call(categoryEndpoints.loadOne, { token: admin, query: { field: 'name', val: 'Nothing' } })).statusCode).toBe(404);
    expect((await get('loadOne', { field: 'tenant_id', val: '1' })).json().result.errors[0]).toMatchObject({ field: 'field' });
    expect((await t.call(categoryEndpoints.dictItems, { token: admin, params: { ids: `${grid},unknown,${faults}` } })).envelope.result).toEqual(['Grid', 'Faults']);
  });

  it('moves a node with its subtree under another parent, codes and flags following, never under itself', async () => {
    const requests = (await t.call(categoryEndpoints.loadOne, { token: admin, query: { field: 'name', val: 'Requests' } })).envelope.result.id;
    const intoOwnChild = await t.request({ method: 'PUT', url: '/boot/sys/category/edit', token: admin, payload: { id: faults, pid: cells } });
    expect(intoOwnChild.json().result.errors).toEqual([{ field: 'pid', message: 'cannot be the category itself or one below it' }]);

    const moved = await t.request({ method: 'PUT', url: '/boot/sys/category/edit', token: admin, payload: { id: battery, pid: requests, name: 'Battery packs' } });
    expect(moved.json(), moved.body).toMatchObject({ success: true });
    expect(await byId(battery)).toMatchObject({ name: 'Battery packs', code: 'A02A01', pid: requests });
    expect(await byId(cells)).toMatchObject({ code: 'A02A01A01', pid: battery });
    expect(await byId(requests)).toMatchObject({ hasChild: '1' });
    expect(await byId(faults)).toMatchObject({ hasChild: '1' });
    // To the top level: the next root code.
    await t.request({ method: 'PUT', url: '/boot/sys/category/edit', token: admin, payload: { id: grid, pid: '0' } });
    expect(await byId(grid)).toMatchObject({ code: 'A03', pid: '0' });
    expect(await byId(faults)).toMatchObject({ hasChild: '0' });
  });

  it('refuses to delete a category that has sub-categories, and clears the parent’s flag after its last child goes', async () => {
    const refused = await t.request({ method: 'DELETE', url: '/boot/sys/category/delete', token: admin, query: { id: battery } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('A category that has sub-categories cannot be deleted: delete them first');
    expect(await byId(battery)).toMatchObject({ name: 'Battery packs' });
    expect((await t.request({ method: 'DELETE', url: '/boot/sys/category/delete', token: admin, query: { id: cells } })).json()).toMatchObject({ success: true });
    expect(await byId(battery)).toMatchObject({ hasChild: '0' });
  });

  it('keeps each tenant’s tree to itself: codes start again and another tenant’s nodes answer 404', async () => {
    const userId = await addUser(t, admin, { username: 'other_tenant_admin', selectedroles: 'r-admin' });
    await moveToTenant(t, userId, 7);
    const other = await t.login('other_tenant_admin', 'Passw0rd1');
    const own = await add('Elsewhere', undefined, other);
    expect((await t.call(categoryEndpoints.treeRoot, { token: other })).envelope.result).toEqual([expect.objectContaining({ key: own, code: 'A01' })]);
    expect((await t.call(categoryEndpoints.treeChildren, { token: other, query: { pid: faults } })).envelope.result).toEqual([]);
    expect((await get('queryById', { id: faults }, other)).statusCode).toBe(404);
    expect((await t.call(categoryEndpoints.dictItems, { token: other, params: { ids: `${faults},${own}` } })).envelope.result).toEqual(['Elsewhere']);
    expect((await t.request({ method: 'DELETE', url: '/boot/sys/category/delete', token: other, query: { id: faults } })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: '/boot/sys/category/add', token: other, payload: { name: 'Sneaky', pid: faults } })).statusCode).toBe(404);
  });
});
