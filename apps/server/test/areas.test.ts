import { areaEndpoints } from '@cellsight/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, adminPassword, createTestApp } from './support/test-app.js';

/** Areas: provinces, cities and districts (levels 1 to 3) for the area linkage picker. */

let t: TestApp;
let admin: string;

const get = (url: string, query: Record<string, string> = {}, token = admin) => t.request({ method: 'GET', url: `/boot/sys/area/${url}`, token, query });
const children = async (pid?: string) => (await t.call(areaEndpoints.children, { token: admin, query: pid === undefined ? {} : { pid } })).envelope.result;
const path = async (code: string) => (await t.call(areaEndpoints.path, { token: admin, query: { code } })).envelope.result;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', adminPassword);
});
afterAll(() => t.close());

describe('areas', () => {
  it('lists the provinces first, then each level under its parent, in code order', async () => {
    const provinces = await children();
    expect(provinces[0]).toEqual({ id: '110000', text: '北京市', pid: '', level: 1 });
    expect(provinces.map((area) => area.text)).toEqual(expect.arrayContaining(['广东省', '香港特别行政区', '澳门特别行政区', '台湾省']));
    const cities = await children('440000');
    expect(cities).toContainEqual({ id: '440300', text: '深圳市', pid: '440000', level: 2 });
    const districts = await children('440300');
    expect(districts).toContainEqual({ id: '440304', text: '福田区', pid: '440300', level: 3 });
    // The package's placeholder "市辖区" is no place anyone picks.
    expect(districts.map((area) => area.text)).not.toContain('市辖区');
    // Hong Kong's districts sit right below it.
    expect(await children('810000')).toContainEqual({ id: '810001', text: '中西區', pid: '810000', level: 2 });
    expect(await children('440304')).toEqual([]);
  });

  it('answers a saved code with the areas above it, and refuses codes that are not area codes', async () => {
    expect((await path('440304')).map((area) => area.text)).toEqual(['广东省', '深圳市', '福田区']);
    expect((await path('440000')).map((area) => area.id)).toEqual(['440000']);
    const unknown = await get('path', { code: '999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().result.errors).toEqual([{ field: 'code', message: 'Area not found' }]);
    const bad = await get('children', { pid: "1' or 1=1" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result.errors[0]).toMatchObject({ field: 'pid' });
    expect((await t.request({ method: 'GET', url: '/boot/sys/area/children' })).statusCode).toBe(401);
  });
});
