import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, adminPassword, createTestApp } from './support/test-app.js';

/** Areas: provinces, cities and districts (levels 1 to 3) for the area linkage picker. */

let t: TestApp;
let admin: string;

const get = (url: string, query: Record<string, string> = {}, token = admin) => t.request({ method: 'GET', url: `/boot/sys/area/${url}`, token, query });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', adminPassword);
});
afterAll(() => t.close());

describe('areas', () => {
  it('lists the provinces first, then each level under its parent, in code order', async () => {
    const provinces = (await get('children')).json().result as { id: string; text: string; pid: string; level: number }[];
    expect(provinces[0]).toEqual({ id: '110000', text: '北京市', pid: '', level: 1 });
    expect(provinces.map((area) => area.text)).toEqual(expect.arrayContaining(['广东省', '香港特别行政区', '澳门特别行政区', '台湾省']));
    const cities = (await get('children', { pid: '440000' })).json().result;
    expect(cities).toContainEqual({ id: '440300', text: '深圳市', pid: '440000', level: 2 });
    const districts = (await get('children', { pid: '440300' })).json().result;
    expect(districts).toContainEqual({ id: '440304', text: '福田区', pid: '440300', level: 3 });
    // The package's placeholder "市辖区" is no place anyone picks.
    expect(districts.map((area: { text: string }) => area.text)).not.toContain('市辖区');
    // Hong Kong's districts sit right below it.
    expect((await get('children', { pid: '810000' })).json().result).toContainEqual({ id: '810001', text: '中西區', pid: '810000', level: 2 });
    expect((await get('children', { pid: '440304' })).json().result).toEqual([]);
  });

  it('answers a saved code with the areas above it, and refuses codes that are not area codes', async () => {
    expect((await get('path', { code: '440304' })).json().result.map((area: { text: string }) => area.text)).toEqual(['广东省', '深圳市', '福田区']);
    expect((await get('path', { code: '440000' })).json().result.map((area: { id: string }) => area.id)).toEqual(['440000']);
    const unknown = await get('path', { code: '999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().result.errors).toEqual([{ field: 'code', message: 'Area not found' }]);
    const bad = await get('children', { pid: "1' or 1=1" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result.errors[0]).toMatchObject({ field: 'pid' });
    expect((await t.request({ method: 'GET', url: '/boot/sys/area/children' })).statusCode).toBe(401);
  });
});
