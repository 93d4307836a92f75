import { type ListColumns, type PermissionCode, type Resource, ServerCode } from '@cellsight/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.js';
import { type TestApp, addUser, adminPassword, createTestApp } from './test-app.js';

type Row = Record<string, unknown>;

export interface ListEndpoint {
  /** e.g. `/boot/sys/position/list`. */
  url: string;
  columns: ListColumns;
  permission: PermissionCode;
  /** Creates at least three records the administrator sees. */
  seed(t: TestApp, adminToken: string): Promise<void>;
  /** Creates a record of another tenant and returns its id; lists of tenant-scoped records only. */
  foreign?(t: TestApp): Promise<string>;
  /** The writing calls of the screen; the demo account is refused each one. */
  writes: { method: 'POST' | 'PUT' | 'DELETE'; url: string }[];
  /** The record field holding the id (default `id`). */
  idField?: string;
  /** Query parameters every list call carries (e.g. the parent record of a nested list). */
  fixedQuery?: Record<string, string>;
}

const sample = (records: Row[], field: string): Row | undefined => records.find((record) => record[field] !== null && record[field] !== undefined && record[field] !== '');

/**
 * The list contract (spec section 9) as every list endpoint must keep it: paging, the sort
 * whitelist, each filter rule and the advanced query on every filterable column, a bad column
 * refused with a 400 naming it, 401 without a token, 403 without the permission, the demo account
 * refused on every write, and another tenant's records never listed.
 */
export function describeListEndpoint(name: string, endpoint: ListEndpoint): void {
  describe(`list contract: ${name}`, () => {
    let t: TestApp;
    let admin: string;
    let all: Row[];
    let stranger: string;
    let demo: string;
    const idField = endpoint.idField ?? 'id';
    const list = async (query: Record<string, string>, token = admin) => {
      const response = await t.request({ method: 'GET', url: endpoint.url, token, query: { ...endpoint.fixedQuery, ...query } });
      return { status: response.statusCode, body: response.json() as { success: boolean; message: string; code: number; result: { records: Row[]; total: number; size: number; current: number; pages: number } } };
    };
    const ids = (records: Row[]) => records.map((record) => String(record[idField]));

    beforeAll(async () => {
      t = await createTestApp();
      admin = await t.login('admin', adminPassword);
      // A user without grants, and a demo account holding every permission (so only the demo rule refuses it).
      await addUser(t, admin, { username: 'no_grants_user' });
      stranger = await t.login('no_grants_user', 'Passw0rd1');
      const demoId = await addUser(t, admin, { username: 'demo_with_grants', selectedroles: 'r-admin' });
      await t.app.db.update(users).set({ demo: true }).where(eq(users.id, demoId));
      demo = await t.login('demo_with_grants', 'Passw0rd1');
      await endpoint.seed(t, admin);
      all = (await list({ pageSize: '1000' })).body.result.records;
    });
    afterAll(() => t.close());

    it('pages: page size, page number, total and page count', async () => {
      expect(all.length).toBeGreaterThanOrEqual(3);
      const first = await list({ pageSize: '2' });
      expect(first.body.result).toMatchObject({ total: all.length, size: 2, current: 1, pages: Math.ceil(all.length / 2) });
      const second = await list({ pageSize: '2', pageNo: '2' });
      expect(second.body.result.current).toBe(2);
      expect(ids(second.body.result.records).some((id) => ids(first.body.result.records).includes(id))).toBe(false);
      expect((await list({ pageSize: '0' })).status).toBe(400);
    });

    it('sorts by every sortable column both ways, and by nothing else', async () => {
      for (const [column, definition] of Object.entries(endpoint.columns)) {
        if (definition.sortable === false) continue;
        for (const order of ['asc', 'desc']) {
          const { status, body } = await list({ column, order, pageSize: '1000' });
          expect(status, `${column} ${order}`).toBe(200);
          expect(body.result.total).toBe(all.length);
        }
      }
      const refused = await list({ column: 'no_such_column', order: 'asc' });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('column');
    });

    it('filters every filterable column with each rule its type takes, and in the advanced query', async () => {
      for (const [column, definition] of Object.entries(endpoint.columns)) {
        if (definition.filterable === false) continue;
        const record = sample(all, column);
        if (!record) continue;
        const value = String(record[column]);
        const matches = async (query: Record<string, string>) => {
          const { status, body } = await list({ ...query, pageSize: '1000' });
          expect(status, JSON.stringify(query)).toBe(200);
          return body.result.records;
        };
        if (definition.type === 'date') {
          const day = value.slice(0, 10);
          expect(ids(await matches({ [`${column}_begin`]: day, [`${column}_end`]: day }))).toContain(String(record[idField]));
          expect(await matches({ [`${column}_begin`]: '2999-01-01' })).toEqual([]);
          continue;
        }
        const equal = await matches({ [column]: value });
        expect(equal.length, `${column} = ${value}`).toBeGreaterThan(0);
        expect(equal.every((r) => String(r[column]) === value || (definition.type === 'text' && String(r[column]).toLowerCase() === value.toLowerCase()))).toBe(true);
        const others = await matches({ [column]: `!${value}` });
        expect(others.length + equal.length).toBe(all.length - all.filter((r) => r[column] === null || r[column] === undefined).length);
        expect(ids(await matches({ [column]: `${value},${value}` }))).toEqual(ids(equal));
        if (definition.type === 'text' && value.length >= 2) {
          expect(ids(await matches({ [column]: `*${value.slice(1, -1) || value}*` }))).toEqual(expect.arrayContaining(ids(equal)));
          expect(ids(await matches({ [column]: `${value.slice(0, -1)}*` }))).toEqual(expect.arrayContaining(ids(equal)));
          expect(ids(await matches({ [column]: `*${value.slice(1)}` }))).toEqual(expect.arrayContaining(ids(equal)));
        }
        if (definition.type !== 'text' && definition.type !== 'boolean') {
          expect(ids(await matches({ [column]: `ge ${value}` }))).toEqual(expect.arrayContaining(ids(equal)));
          expect(ids(await matches({ [column]: `le ${value}` }))).toEqual(expect.arrayContaining(ids(equal)));
        }
        const advanced = await matches({ superQueryParams: JSON.stringify([{ field: column, rule: 'eq', val: value }]), superQueryMatchType: 'and' });
        expect(ids(advanced)).toEqual(ids(equal));
      }
    });

    it('refuses a column it does not declare, naming it, as a filter and in the advanced query', async () => {
      const filter = await list({ no_such_column: 'x' });
      expect(filter.status).toBe(400);
      expect(filter.body).toMatchObject({ success: false, code: ServerCode.INCORRECT_PARAMETER });
      expect(filter.body.message).toContain('no_such_column');
      const advanced = await list({ superQueryParams: JSON.stringify([{ field: 'no_such_column', rule: 'eq', val: '1' }]) });
      expect(advanced.status).toBe(400);
      expect(advanced.body.message).toContain('no_such_column');
    });

    it('answers 401 without a token and 403 without the permission', async () => {
      expect((await t.request({ method: 'GET', url: endpoint.url })).statusCode).toBe(401);
      const refused = await list({}, stranger);
      expect(refused.status).toBe(403);
      expect(refused.body.success).toBe(false);
    });

    it('refuses the demo account every write, even with the permissions', async () => {
      expect((await list({}, demo)).status).toBe(200);
      for (const write of endpoint.writes) {
        const response = await t.request({ method: write.method, url: write.url, token: demo, ...(write.method === 'DELETE' ? { query: { id: String(all[0]?.[idField]), ids: String(all[0]?.[idField]) } } : { payload: {} }) });
        expect(response.statusCode, `${write.method} ${write.url}`).toBe(403);
        expect(response.json()).toMatchObject({ code: ServerCode.DEMO_NOT_SUPPORTED, message: 'The demo access does not support this operation.' });
      }
      expect((await list({ pageSize: '1000' })).body.result.total).toBe(all.length);
    });

    if (endpoint.foreign) {
      it("never lists another tenant's records", async () => {
        const foreignId = await endpoint.foreign!(t);
        const { body } = await list({ pageSize: '1000' });
        expect(ids(body.result.records)).not.toContain(foreignId);
        expect(body.result.total).toBe(all.length);
      });
    }
  });
}

/**
 * The list contract of a plain list screen (contract `resourceScreens`), all from its resource: its
 * examples added through its add call, and every writing call its permissions offer.
 */
export function describeResourceScreen(resource: Resource): void {
  const base = `/boot${resource.path}`;
  const { permissions } = resource;
  if (!resource.examples || resource.examples.length < 3) throw new Error(`${resource.path}: a resource screen needs three examples`);
  const examples = resource.examples;
  const writes: ListEndpoint['writes'] = [
    ...(permissions.add ? [{ method: 'POST' as const, url: `${base}/add` }] : []),
    ...(permissions.edit ? [{ method: 'PUT' as const, url: `${base}/edit` }] : []),
    ...(permissions.delete ? [{ method: 'DELETE' as const, url: `${base}/delete` }, { method: 'DELETE' as const, url: `${base}/deleteBatch` }] : []),
    ...(permissions.import ? [{ method: 'POST' as const, url: `${base}/importExcel` }] : []),
  ];
  describeListEndpoint(resource.title[0].toLowerCase(), {
    url: `${base}/list`,
    columns: resource.columns,
    permission: permissions.list,
    async seed(t, admin) {
      for (const payload of examples) {
        const response = await t.request({ method: 'POST', url: `${base}/add`, token: admin, payload: payload as Record<string, unknown> });
        if (response.statusCode !== 200) throw new Error(response.body);
      }
    },
    writes,
  });
}
