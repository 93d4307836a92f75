import { Permission, ServerCode, dictItemResource, dictResource } from '@cellsight/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dictItems, dicts } from '../src/db/schema.js';
import { describeListEndpoint } from './support/list-conformance.js';
import { type TestApp, addUser, adminPassword, createTestApp } from './support/test-app.js';

type Body<T = unknown> = { success: boolean; message: string; code: number; result: T };

describeListEndpoint('dictionaries', {
  url: '/boot/sys/dict/list',
  columns: dictResource.columns,
  permission: Permission.DictList,
  async seed(t, admin) {
    for (const [dictCode, dictName] of [['conform_a', 'Conform A'], ['conform_b', 'Conform B'], ['conform_c', 'Conform C']]) {
      const response = await t.request({ method: 'POST', url: '/boot/sys/dict/add', token: admin, payload: { dictCode, dictName } });
      if (response.statusCode !== 200) throw new Error(response.body);
    }
  },
  writes: [
    { method: 'POST', url: '/boot/sys/dict/add' },
    { method: 'PUT', url: '/boot/sys/dict/edit' },
    { method: 'DELETE', url: '/boot/sys/dict/delete' },
    { method: 'DELETE', url: '/boot/sys/dict/deleteBatch' },
  ],
});

describeListEndpoint('dictionary items', {
  url: '/boot/sys/dictItem/list',
  columns: dictItemResource.columns,
  permission: Permission.DictList,
  async seed(t, admin) {
    await t.request({ method: 'POST', url: '/boot/sys/dict/add', token: admin, payload: { dictCode: 'conform_items', dictName: 'Conform items' } });
    const [dictionary] = await t.app.db.select({ id: dicts.id }).from(dicts).where(eq(dicts.dictCode, 'conform_items'));
    for (const [itemValue, itemText, sortOrder, status] of [['x', 'Ex', 3, 1], ['y', 'Why', 1, 0], ['z', 'Zed', 2, 1]] as const) {
      const response = await t.request({ method: 'POST', url: '/boot/sys/dictItem/add', token: admin, payload: { dictId: dictionary?.id, itemValue, itemText, sortOrder, status } });
      if (response.statusCode !== 200) throw new Error(response.body);
    }
  },
  writes: [
    { method: 'POST', url: '/boot/sys/dictItem/add' },
    { method: 'PUT', url: '/boot/sys/dictItem/edit' },
    { method: 'DELETE', url: '/boot/sys/dictItem/delete' },
    { method: 'DELETE', url: '/boot/sys/dictItem/deleteBatch' },
  ],
});

describe('dictionaries', () => {
  let t: TestApp;
  let admin: string;

  const call = async <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, input: { query?: Record<string, string>; payload?: object; token?: string; language?: string } = {}) => {
    const response = await t.request({
      method,
      url: `/boot${url}`,
      token: input.token ?? admin,
      ...(input.query ? { query: input.query } : {}),
      ...(input.payload ? { payload: input.payload } : {}),
      ...(input.language ? { headers: { 'accept-language': input.language } } : {}),
    });
    return { status: response.statusCode, body: response.json() as Body<T> };
  };
  const addDictionary = async (dictCode: string, dictName = dictCode) => {
    const added = await call('POST', '/sys/dict/add', { payload: { dictCode, dictName } });
    expect(added.status, added.body.message).toBe(200);
    const listed = await call<{ records: { id: string }[] }>('GET', '/sys/dict/list', { query: { dictCode } });
    return String(listed.body.result.records[0]?.id);
  };
  const itemsOf = async (dictId: string) =>
    (await call<{ records: { id: string; itemValue: string; itemText: string; status: number; status_dictText: string; translations: Record<string, string> }[] }>('GET', '/sys/dictItem/list', { query: { dictId, pageSize: '100' } })).body.result.records;
  const allDictItems = async (language?: string) => (await call<Record<string, { value: string; text: string }[]>>('GET', '/sys/dict/queryAllDictItems', language ? { language } : {})).body.result;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin', adminPassword);
  });
  afterAll(() => t.close());

  it('takes JeecgBoot’s item form: numbers as strings, and the delFlag its list query carries', async () => {
    const id = await addDictionary('jeecg_items', 'Jeecg items');
    const added = await call('POST', '/sys/dictItem/add', { payload: { dictId: id, itemValue: 'a', itemText: 'Alpha', description: '', sortOrder: '2', status: '1' } });
    expect(added.body).toMatchObject({ success: true, code: ServerCode.ADDED });
    const listed = await call<{ records: { itemText: string; sortOrder: number; status: number }[] }>('GET', '/sys/dictItem/list', { query: { dictId: id, dictName: '', itemText: '', delFlag: '1' } });
    expect(listed.status).toBe(200);
    expect(listed.body.result.records).toEqual([expect.objectContaining({ itemText: 'Alpha', sortOrder: 2, status: 1 })]);
    // What is no number stays refused, naming the field, and nothing is stored.
    for (const [field, value] of [['sortOrder', 'two'], ['sortOrder', '1.5'], ['status', '7'], ['sortOrder', '']] as const) {
      const refused = await call('POST', '/sys/dictItem/add', { payload: { dictId: id, itemValue: `b${field}${value}`, itemText: 'Beta', [field]: value } });
      expect(refused.status, `${field}=${value}`).toBe(400);
      expect(refused.body.message, `${field}=${value}`).toContain(field);
    }
    expect(await itemsOf(id)).toHaveLength(1);
  });

  it('adds, shows, edits and deletes a dictionary, its items going with it', async () => {
    const id = await addDictionary('station_kind', 'Station kind');
    expect((await call<{ dictName: string; description: string | null }>('GET', '/sys/dict/queryById', { query: { id } })).body.result).toMatchObject({ dictName: 'Station kind', description: null });

    const edited = await call('PUT', '/sys/dict/edit', { payload: { id, dictName: 'Kind of station', description: 'Low or high voltage' } });
    expect(edited.body).toMatchObject({ success: true, code: ServerCode.EDITED });
    expect((await call<{ dictName: string; description: string }>('GET', '/sys/dict/queryById', { query: { id } })).body.result).toMatchObject({ dictName: 'Kind of station', description: 'Low or high voltage' });
    await call('PUT', '/sys/dict/edit', { payload: { id, description: null } });
    expect((await call<{ description: string | null }>('GET', '/sys/dict/queryById', { query: { id } })).body.result.description).toBeNull();

    expect((await call('POST', '/sys/dictItem/add', { payload: { dictId: id, itemValue: '0', itemText: 'Low voltage' } })).status).toBe(200);
    expect(await itemsOf(id)).toHaveLength(1);
    expect((await allDictItems()).station_kind).toEqual([{ value: '0', text: 'Low voltage', title: 'Low voltage' }]);

    const deleted = await call('DELETE', '/sys/dict/delete', { query: { id } });
    expect(deleted.body).toMatchObject({ success: true, code: ServerCode.DELETED });
    expect((await call('GET', '/sys/dict/queryById', { query: { id } })).status).toBe(404);
    expect(await t.app.db.select().from(dictItems).where(eq(dictItems.dictId, id))).toEqual([]);
    expect((await allDictItems()).station_kind).toBeUndefined();
  });

  it('refuses a taken or malformed dictionary code and a missing name, naming the field', async () => {
    await addDictionary('inverter_brand');
    const taken = await call<{ errors: { field: string; message: string }[] }>('POST', '/sys/dict/add', { payload: { dictCode: 'inverter_brand', dictName: 'Again' } });
    expect(taken.status).toBe(400);
    expect(taken.body.result.errors).toEqual([{ field: 'dictCode', message: 'already exists' }]);
    const malformed = await call<{ errors: { field: string }[] }>('POST', '/sys/dict/add', { payload: { dictCode: 'inverter-brand', dictName: 'Dashes' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.result.errors.map((e) => e.field)).toEqual(['dictCode']);
    const nameless = await call<{ errors: { field: string }[] }>('POST', '/sys/dict/add', { payload: { dictCode: 'no_name', dictName: ' ' } });
    expect(nameless.status).toBe(400);
    expect(nameless.body.result.errors.map((e) => e.field)).toEqual(['dictName']);
    const duplicate = await call('GET', '/sys/duplicate/check', { query: { tableName: 'sys_dict', fieldName: 'dictCode', fieldVal: 'inverter_brand' } });
    expect(duplicate).toMatchObject({ status: 200, body: { success: false } });
  });

  it("refuses deleting or recoding the console's own dictionaries, naming them, and deletes nothing of a batch", async () => {
    const [sex] = await t.app.db.select({ id: dicts.id }).from(dicts).where(eq(dicts.dictCode, 'sex'));
    const sexId = String(sex?.id);
    const refused = await call('DELETE', '/sys/dict/delete', { query: { id: sexId } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('"sex"');

    const spare = await addDictionary('spare_dict');
    const batch = await call('DELETE', '/sys/dict/deleteBatch', { query: { ids: `${spare},${sexId}` } });
    expect(batch.status).toBe(400);
    expect(batch.body.message).toContain('"sex"');
    expect((await call('GET', '/sys/dict/queryById', { query: { id: spare } })).status).toBe(200);
    expect((await allDictItems()).sex).toHaveLength(2);

    const recoded = await call<{ errors: { field: string }[] }>('PUT', '/sys/dict/edit', { payload: { id: sexId, dictCode: 'gender' } });
    expect(recoded.status).toBe(400);
    expect(recoded.body.result.errors.map((e) => e.field)).toEqual(['dictCode']);
    expect((await call('PUT', '/sys/dict/edit', { payload: { id: sexId, dictName: 'Sex', dictCode: 'sex' } })).status).toBe(200);
  });

  it('keeps an item value unique within its dictionary only', async () => {
    const colours = await addDictionary('colour');
    const sizes = await addDictionary('size');
    expect((await call('POST', '/sys/dictItem/add', { payload: { dictId: colours, itemValue: 'a', itemText: 'Amber' } })).status).toBe(200);
    expect((await call('POST', '/sys/dictItem/add', { payload: { dictId: sizes, itemValue: 'a', itemText: 'A size' } })).status).toBe(200);

    const again = await call<{ errors: { field: string; message: string }[] }>('POST', '/sys/dictItem/add', { payload: { dictId: colours, itemValue: 'a', itemText: 'Azure' } });
    expect(again.status).toBe(400);
    expect(again.body.result.errors).toEqual([{ field: 'itemValue', message: 'already exists' }]);

    expect((await call('POST', '/sys/dictItem/add', { payload: { dictId: colours, itemValue: 'b', itemText: 'Blue' } })).status).toBe(200);
    const blue = (await itemsOf(colours)).find((item) => item.itemValue === 'b');
    const clash = await call<{ errors: { field: string }[] }>('PUT', '/sys/dictItem/edit', { payload: { id: blue?.id, itemValue: 'a' } });
    expect(clash.status).toBe(400);
    expect(clash.body.result.errors.map((e) => e.field)).toEqual(['itemValue']);
    expect((await call('PUT', '/sys/dictItem/edit', { payload: { id: blue?.id, itemValue: 'b', itemText: 'Navy' } })).status).toBe(200);
    // Both have sort order 0: their order between them is not what this test is about.
    expect((await itemsOf(colours)).map((item) => [item.itemValue, item.itemText]).sort()).toEqual([
      ['a', 'Amber'],
      ['b', 'Navy'],
    ]);

    const check = async (query: Record<string, string>) => (await call('GET', '/sys/dictItem/dictItemCheck', { query })).body;
    expect(await check({ dictId: colours, itemValue: 'a' })).toMatchObject({ success: false, message: 'This value already exists' });
    expect(await check({ dictId: colours, itemValue: 'c' })).toMatchObject({ success: true, message: 'This value is available' });
    expect(await check({ dictId: colours, itemValue: 'b', id: String(blue?.id) })).toMatchObject({ success: true });
    expect(await check({ dictId: sizes, itemValue: 'b' })).toMatchObject({ success: true });
  });

  it('stores an item with its status, sort order and translations, and refuses bad ones naming the field', async () => {
    const moods = await addDictionary('mood');
    const added = await call('POST', '/sys/dictItem/add', { payload: { dictId: moods, itemValue: 'h', itemText: 'Happy', status: '0', sortOrder: 2, translations: { 'zh-CN': '开心', 'de-DE': ' ' } } });
    expect(added.body).toMatchObject({ success: true, code: ServerCode.ADDED });
    const [happy] = await itemsOf(moods);
    expect(happy).toMatchObject({ itemText: 'Happy', status: 0, status_dictText: 'Disabled', translations: { 'zh-CN': '开心' } });
    expect(happy?.translations).not.toHaveProperty('de-DE');

    const refusals: [object, string][] = [
      [{ dictId: 'no_such_dictionary', itemValue: 'x', itemText: 'X' }, 'dictId'],
      [{ dictId: moods, itemValue: 'x', itemText: 'X', status: 2 }, 'status'],
      [{ dictId: moods, itemValue: 'x', itemText: 'X', sortOrder: -1 }, 'sortOrder'],
      [{ dictId: moods, itemValue: 'x', itemText: 'X', sortOrder: 1.5 }, 'sortOrder'],
      [{ dictId: moods, itemValue: 'x', itemText: 'X', translations: { 'zh-CN': '长'.repeat(101) } }, 'translations.zh-CN'],
      [{ dictId: moods, itemValue: '', itemText: 'X' }, 'itemValue'],
    ];
    for (const [payload, field] of refusals) {
      const refused = await call<{ errors: { field: string }[] }>('POST', '/sys/dictItem/add', { payload });
      expect(refused.status, JSON.stringify(payload)).toBe(400);
      expect(refused.body.result.errors.map((e) => e.field)).toContain(field);
    }
    expect(await itemsOf(moods)).toHaveLength(1);
  });

  it('answers getDictItems in the caller’s language, enabled items by sort order; an unknown code has none', async () => {
    const zh = await call('GET', '/sys/dict/getDictItems/sex', { language: 'zh-CN' });
    expect(zh.body).toMatchObject({
      success: true,
      result: [
        { value: '1', text: '男', title: '男' },
        { value: '2', text: '女', title: '女' },
      ],
    });
    expect((await call('GET', '/sys/dict/getDictItems/sex', { language: 'de-DE' })).body.result).toEqual([
      { value: '1', text: 'Männlich', title: 'Männlich' },
      { value: '2', text: 'Weiblich', title: 'Weiblich' },
    ]);

    const levels = await addDictionary('level');
    for (const [itemValue, sortOrder, status] of [['high', 1, 1], ['off', 0, 0], ['low', 0, 1]] as const) {
      await call('POST', '/sys/dictItem/add', { payload: { dictId: levels, itemValue, itemText: itemValue.toUpperCase(), sortOrder, status } });
    }
    expect((await call<{ value: string }[]>('GET', '/sys/dict/getDictItems/level')).body.result.map((item) => item.value)).toEqual(['low', 'high']);

    for (const code of ['no_such_code', 'constructor', '__proto__']) expect((await call('GET', `/sys/dict/getDictItems/${code}`)).body).toMatchObject({ success: true, result: [] });
    expect((await t.request({ method: 'GET', url: '/boot/sys/dict/getDictItems/sex' })).statusCode).toBe(401);
  });

  it('names several values of a dictionary (loadDictItem) and searches its options (loadDict), in the caller’s language', async () => {
    const labels = await call<string[]>('GET', '/sys/dict/loadDictItem/sex', { query: { key: '2,1, 9' }, language: 'de-DE' });
    expect(labels.body).toMatchObject({ success: true, result: ['Weiblich', 'Männlich', '9'] });
    expect((await call('GET', '/sys/dict/loadDictItem/constructor', { query: { key: 'x' } })).body.result).toEqual(['x']);
    expect((await call('GET', '/sys/dict/loadDictItem/sex')).status).toBe(400);

    const search = async (query: Record<string, string>) => (await call<{ value: string }[]>('GET', '/sys/dict/loadDict/sex', { query, language: 'en-US' })).body.result.map((item) => item.value);
    expect(await search({})).toEqual(['1', '2']);
    expect(await search({ keyword: 'FEM' })).toEqual(['2']);
    expect(await search({ keyword: '1' })).toEqual(['1']);
    expect(await search({ keyword: 'male', pageSize: '1' })).toEqual(['1']);
    const tooMany = await call<{ errors: { field: string }[] }>('GET', '/sys/dict/loadDict/sex', { query: { pageSize: '1000' } });
    expect(tooMany.body.result.errors.map((e) => e.field)).toEqual(['pageSize']);
    const table = await call<{ errors: { field: string }[] }>('GET', `/sys/dict/loadDict/${encodeURIComponent('sys_user,username,password')}`, { query: { keyword: 'a' } });
    expect(table.status).toBe(400);
    expect(table.body.result.errors.map((e) => e.field)).toEqual(['dictCode']);
  });

  it('refuses the table form of getDictItems, naming dictCode', async () => {
    const refused = await call<{ errors: { field: string }[] }>('GET', `/sys/dict/getDictItems/${encodeURIComponent('sys_user,username,password')}`);
    expect(refused.status).toBe(400);
    expect(refused.body.result.errors.map((e) => e.field)).toEqual(['dictCode']);
  });

  it('refleshCache makes a changed item visible at once and tells every console; changes through the screen do the same', async () => {
    const toEveryone = vi.spyOn(t.app.realtime, 'toEveryone');
    try {
      expect((await allDictItems()).sex?.[0]?.text).toBe('Male');
      // Changed behind the cache's back: still the cached text until the cache is refreshed.
      const [sex] = await t.app.db.select({ id: dicts.id }).from(dicts).where(eq(dicts.dictCode, 'sex'));
      await t.app.db.update(dictItems).set({ itemText: 'Man' }).where(and(eq(dictItems.dictId, String(sex?.id)), eq(dictItems.itemValue, '1')));
      expect((await allDictItems()).sex?.[0]?.text).toBe('Male');

      const refreshed = await call('GET', '/sys/dict/refleshCache');
      expect(refreshed.body.success).toBe(true);
      expect((await allDictItems()).sex?.[0]?.text).toBe('Man');
      expect(toEveryone).toHaveBeenCalledWith('dictionaries.changed', {});

      toEveryone.mockClear();
      const [male] = await itemsOf(String(sex?.id));
      await call('PUT', '/sys/dictItem/edit', { payload: { id: male?.id, itemText: 'Male' } });
      expect((await allDictItems()).sex?.[0]?.text).toBe('Male');
      expect(toEveryone).toHaveBeenCalledWith('dictionaries.changed', {});
    } finally {
      toEveryone.mockRestore();
    }
  });

  it('lets only holders of the refresh permission refresh the cache', async () => {
    await addUser(t, admin, { username: 'dict_stranger' });
    const stranger = await t.login('dict_stranger', 'Passw0rd1');
    expect((await call('GET', '/sys/dict/refleshCache', { token: stranger })).status).toBe(403);
    expect((await call('GET', '/sys/dictItem/dictItemCheck', { token: stranger, query: { dictId: 'x', itemValue: 'y' } })).status).toBe(403);
    // Every signed-in user reads dictionaries.
    expect((await call('GET', '/sys/dict/getDictItems/sex', { token: stranger })).status).toBe(200);
  });
});

describe('dictionary items saved from the grid (saveBatch)', () => {
  let t: TestApp;
  let admin: string;
  type Item = { id: string; itemValue: string; itemText: string; sortOrder: number; status: number; translations: Record<string, string> };

  const call = async <T = unknown>(method: 'GET' | 'POST', url: string, input: { query?: Record<string, string>; payload?: object; token?: string } = {}) => {
    const response = await t.request({ method, url: `/boot${url}`, token: input.token ?? admin, ...(input.query ? { query: input.query } : {}), ...(input.payload ? { payload: input.payload } : {}) });
    return { status: response.statusCode, body: response.json() as Body<T> };
  };
  const addDictionary = async (dictCode: string) => {
    expect((await call('POST', '/sys/dict/add', { payload: { dictCode, dictName: dictCode } })).status).toBe(200);
    return String((await call<{ records: { id: string }[] }>('GET', '/sys/dict/list', { query: { dictCode } })).body.result.records[0]?.id);
  };
  const itemsOf = async (dictId: string) => (await call<{ records: Item[] }>('GET', '/sys/dictItem/list', { query: { dictId, pageSize: '100' } })).body.result.records;
  const saveBatch = (payload: object, token?: string) => call<{ added: string[] } & { errors: { field: string; message: string }[] }>('POST', '/sys/dictItem/saveBatch', { payload, ...(token ? { token } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin', adminPassword);
  });
  afterAll(() => t.close());

  it('adds, changes and removes items in one request, answering the new ids in order', async () => {
    const dictId = await addDictionary('grid_colours');
    const first = await saveBatch({ dictId, added: [{ itemText: 'Red', itemValue: 'r', sortOrder: 1 }, { itemText: 'Green', itemValue: 'g', sortOrder: 2, status: 0, translations: { 'zh-CN': '绿色' } }] });
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.result.added).toHaveLength(2);
    let items = await itemsOf(dictId);
    expect(items.map((item) => [item.id, item.itemValue, item.sortOrder, item.status])).toEqual([
      [first.body.result.added[0], 'r', 1, 1],
      [first.body.result.added[1], 'g', 2, 0],
    ]);
    expect(items[1]?.translations['zh-CN']).toBe('绿色');

    const [red, green] = items;
    // Values may swap within one save: the rules see the dictionary as it will be.
    const second = await saveBatch({ dictId, added: [{ itemText: 'Blue', itemValue: 'b', sortOrder: 0 }], updated: [{ id: green?.id, itemText: 'Lime', itemValue: 'r', sortOrder: 3 }], removed: [red?.id] });
    expect(second.status, second.body.message).toBe(200);
    items = await itemsOf(dictId);
    expect(items.map((item) => [item.itemText, item.itemValue, item.sortOrder])).toEqual([
      ['Blue', 'b', 0],
      ['Lime', 'r', 3],
    ]);
    expect((await call<Record<string, { value: string }[]>>('GET', '/sys/dict/queryAllDictItems')).body.result.grid_colours?.map((option) => option.value)).toEqual(['b']);
  });

  it('refuses duplicate values (within the request and against stored items) naming the row, and writes nothing', async () => {
    const dictId = await addDictionary('grid_sizes');
    expect((await saveBatch({ dictId, added: [{ itemText: 'Small', itemValue: 's', sortOrder: 1 }] })).status).toBe(200);
    const before = await itemsOf(dictId);

    const twice = await saveBatch({ dictId, added: [{ itemText: 'Medium', itemValue: 'm', sortOrder: 2 }, { itemText: 'Middle', itemValue: 'm', sortOrder: 3 }] });
    expect(twice.status).toBe(400);
    expect(twice.body.code).toBe(ServerCode.INCORRECT_PARAMETER);
    expect(twice.body.result.errors).toEqual([
      { field: 'added[0].itemValue', message: 'Item value must not repeat' },
      { field: 'added[1].itemValue', message: 'Item value must not repeat' },
    ]);
    expect(twice.body.message).toBe('added[0].itemValue: Item value must not repeat');

    const stored = await saveBatch({ dictId, added: [{ itemText: 'Large', itemValue: 'l', sortOrder: 4 }, { itemText: 'Tiny', itemValue: 's', sortOrder: 5 }] });
    expect(stored.status).toBe(400);
    expect(stored.body.result.errors.map((error) => error.field)).toEqual(['added[1].itemValue']);
    // The valid row of a refused request is not written either.
    expect(await itemsOf(dictId)).toEqual(before);
  });

  it('validates every row by the contract: 400 naming the field, never a 500', async () => {
    const dictId = await addDictionary('grid_levels');
    const cases: [object, string][] = [
      [{ dictId, added: [{ itemText: 'One', itemValue: '1', sortOrder: 1.5 }] }, 'added[0].sortOrder'],
      [{ dictId, added: [{ itemText: '', itemValue: '1' }] }, 'added[0].itemText'],
      [{ dictId, added: [{ itemText: 'One', itemValue: ' ' }] }, 'added[0].itemValue'],
      [{ dictId, updated: [{ itemText: 'One', itemValue: '1' }] }, 'updated[0].id'],
      [{ dictId, removed: [{ id: 'x' }] }, 'removed[0]'],
      [{ dictId, added: 'rows' }, 'added'],
      [{ added: [] }, 'dictId'],
    ];
    for (const [payload, field] of cases) {
      const refused = await saveBatch(payload);
      expect(refused.status, JSON.stringify(payload)).toBe(400);
      expect(refused.body.result.errors.map((error) => error.field)).toContain(field);
    }
    expect(await itemsOf(dictId)).toEqual([]);
  });

  it("refuses items of another dictionary and an unknown dictionary", async () => {
    const mine = await addDictionary('grid_mine');
    const other = await addDictionary('grid_other');
    const saved = await saveBatch({ dictId: other, added: [{ itemText: 'Theirs', itemValue: 't', sortOrder: 1 }] });
    const theirs = String(saved.body.result.added[0]);
    const updated = await saveBatch({ dictId: mine, updated: [{ id: theirs, itemText: 'Mine now', itemValue: 't', sortOrder: 1 }] });
    expect(updated.status).toBe(404);
    expect(updated.body.result.errors[0]?.field).toBe('updated[0].id');
    expect((await saveBatch({ dictId: mine, removed: [theirs] })).status).toBe(404);
    expect((await itemsOf(other)).map((item) => item.itemText)).toEqual(['Theirs']);
    const unknown = await saveBatch({ dictId: 'nosuchdictionary', added: [{ itemText: 'X', itemValue: 'x', sortOrder: 1 }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.result.errors[0]?.field).toBe('dictId');
  });

  it('needs the dictionary permissions', async () => {
    const dictId = await addDictionary('grid_guarded');
    await addUser(t, admin, { username: 'grid_stranger' });
    const stranger = await t.login('grid_stranger', 'Passw0rd1');
    expect((await saveBatch({ dictId, added: [{ itemText: 'X', itemValue: 'x', sortOrder: 1 }] }, stranger)).status).toBe(403);
    expect(await itemsOf(dictId)).toEqual([]);
  });
});
