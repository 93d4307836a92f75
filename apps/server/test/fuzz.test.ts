import { batteryListColumns, commandListColumns, deviceTopics, loggerListColumns, userListColumns } from '@cellsight/contract';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLogger, publish, sample } from './support/device.js';
import { changedTables, tablesThatRecordRefusals, watchWrites } from './support/database-fingerprint.js';
import { type JsonSchema, type KnownValues, arbitraryFor, boundaryNumbers, maxLengthOf, surelyRefuses, typeOf } from './support/schema-arbitrary.js';
import { type TestApp, addUser, adminPassword, createTestApp, moveToTenant } from './support/test-app.js';

/**
 * Contract-driven fuzz of every documented route: requests built from the OpenAPI document the
 * contract generates (/boot/docs), sent as they are and broken the ways a black-box probe breaks
 * them (NUL characters, wrong types, missing and extra fields, huge strings, deep nesting, unicode
 * edge cases, numbers at and past every bound, injection strings in every string field and in
 * sorts and filters, names of built-in object properties, broken advanced queries), by every kind
 * of caller. No answer may be a 5xx; a refused request (4xx) may write nothing (a journal of row
 * changes on every table, support/database-fingerprint.ts); a 400 for a field the fuzz broke so
 * that its schema certainly refuses it names that field. The seed is fixed, so a failure
 * reproduces; the counts are printed.
 */
/** `FUZZ_SEED` tries other inputs on demand; CI keeps the fixed one. */
const seed = Number(process.env.FUZZ_SEED ?? 20_261_124);
/**
 * Requests per route, on each database: with some 370 routes and the breakages every route gets
 * besides, about 9,000 requests a CI run, which keeps the suite inside its time limit on a 2-core
 * machine; `FUZZ_REQUESTS_PER_ROUTE` (and `FUZZ_SEED`) ask for a longer run on demand.
 */
const requestsPerRoute = Number(process.env.FUZZ_REQUESTS_PER_ROUTE ?? 12);

/** `FUZZ_ROUTES`, a regular expression over `METHOD /path`: fuzz only those routes (to chase one finding). */
const onlyRoutes = process.env.FUZZ_ROUTES ? new RegExp(process.env.FUZZ_ROUTES) : undefined;

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** Query and path parameters (`inPath`: a segment of the URL, `{configId}` or the wildcard `*`). */
  query: { name: string; schema: JsonSchema; required: boolean; inPath: boolean }[];
  body: JsonSchema | null;
}

/** Filterable columns of each list route, from the contract. */
const listColumns: Record<string, readonly string[]> = {
  '/boot/sys/user/list': Object.keys(userListColumns),
  '/boot/sys/user/exportXls': Object.keys(userListColumns),
  '/boot/want/logger/list': Object.keys(loggerListColumns),
  '/boot/want/battery/list': Object.keys(batteryListColumns),
  '/boot/want/command/list': Object.keys(commandListColumns),
};

const builtInNames = ['toString', 'constructor', 'valueOf', 'hasOwnProperty', '__proto__', 'prototype', 'isPrototypeOf'];
const badScalars: unknown[] = ['\u0000', 'a\u0000b', '%00', '99999-01-01', '1.5', 'lt 99999999999999999999', '99999999999999999999', -1, 1.5, 1e308, -1e308, '', ' ', 'null', true, null, [], {}, ['a', 'b'], { $gt: '' }, 'x'.repeat(5000), '../../etc/passwd', '<script>alert(1)</script>', "' or 1=1 --"];
const badFilterValues = ['1.5', 'lt 99999999999999999999', 'ge 1e400', '*\u0000*', '99999-01-01', '+099999-01-01T00:00:00Z', 'a,b,\u0000', '!', '>= x', '*', '**', ',,,', 'true,maybe', 'in', '0x10', 'Infinity', 'NaN', '-0', '2026-13-45', '2026-02-30 25:61:61'];
const badSuperQueries = [
  'not json',
  '{}',
  '[1,2]',
  '[null]',
  JSON.stringify([{ field: '__proto__', rule: 'eq', val: 'x' }]),
  JSON.stringify([{ field: 'constructor', rule: 'constructor', val: 'x' }]),
  JSON.stringify([{ field: 'sex', rule: 'gt', val: '1e999' }]),
  JSON.stringify([{ field: 'status', rule: 'in', val: '1,2,99999999999' }]),
  JSON.stringify([{ field: 'createTime', rule: 'ge', val: '99999-01-01' }]),
  JSON.stringify([{ field: 'username', rule: 'like', val: 'a\u0000' }]),
  JSON.stringify(Array.from({ length: 60 }, () => ({ field: 'username', rule: 'eq', val: 'x' }))),
  encodeURIComponent(JSON.stringify([{ field: 'soc', rule: 'le', val: '-1e309' }])),
];

let t: TestApp;
let operations: Operation[] = [];
const identities: Record<string, { username: string; password: string } | null> = {
  anonymous: null,
  admin: { username: 'admin', password: adminPassword },
  demo: { username: 'demo', password: 'Demo2026' },
  enduser: { username: 'enduser', password: 'Enduser2026' },
  otherTenant: { username: 'fuzz_tenant2', password: 'Tenant2pass' },
};
const tokens: Record<string, string | null> = {};
let known: KnownValues = {};

beforeAll(async () => {
  t = await createTestApp({ DEMO: '1', DEMO_LOGGERS: '0' });
  const admin = await t.login('admin', adminPassword);
  // Things for requests to find: users to edit, a tenant-2 administrator, a logger with batteries.
  const targets = [];
  for (let i = 0; i < 3; i++) targets.push(await addUser(t, admin, { username: `fuzz_target${i}`, email: `target${i}@example.com` }));
  await moveToTenant(t, await addUser(t, admin, { username: 'fuzz_tenant2', password: 'Tenant2pass', selectedroles: 'r-admin' }), 2);
  await t.request({ method: 'POST', url: '/boot/want/logger/registerBatch', token: admin, payload: { loggers: [{ gsn: 'FUZZLOG001', key: 'fuzz-key-0001' }] } });
  const logger = await connectLogger(t.app.devicePlane.brokerPort ?? 0, 'FUZZLOG001', 'fuzz-key-0001');
  await publish(logger, deviceTopics.telemetry('FUZZLOG001'), { v: 1, samples: [sample('FUZZ-BAT-1', Date.now() - 60_000), sample('FUZZ-BAT-2', Date.now())] });
  logger.end(true);
  known = {
    id: fc.constantFrom(...targets),
    userid: fc.constantFrom(...targets),
    userId: fc.constantFrom(...targets),
    ids: fc.subarray(targets, { minLength: 1 }).map((ids) => ids.join(',')),
    userIds: fc.subarray(targets, { minLength: 1 }).map((ids) => ids.join(',')),
    username: fc.constantFrom('fuzz_target0', 'fuzz_target1', 'fuzz_target2', 'nobody_here'),
    gsno: fc.constant('FUZZLOG001'),
    gsn: fc.constantFrom('FUZZLOG001', 'FUZZLOG999'),
    batterySn: fc.constantFrom('FUZZ-BAT-1', 'FUZZ-BAT-2'),
    orgCode: fc.constant('A01'),
    selectedroles: fc.constantFrom('r-end-user', 'r-installer,r-demo'),
    selecteddeparts: fc.constant('d-root'),
    relTenantIds: fc.constantFrom('1', '1,2'),
    column: fc.constantFrom('createTime', 'username', 'gsn', 'sex_dictText'),
    order: fc.constantFrom('asc', 'desc'),
    pageNo: fc.constantFrom('1', '2', 1),
    pageSize: fc.constantFrom('10', '30', 5),
    superQueryParams: fc.constantFrom(JSON.stringify([{ field: 'createTime', rule: 'ge', val: '2020-01-01' }]), '[]'),
    superQueryMatchType: fc.constantFrom('and', 'or'),
    selections: fc.constantFrom(...targets),
  };

  const document = t.app.swagger() as { paths: Record<string, Record<string, { parameters?: { in: string; name: string; schema: JsonSchema; required?: boolean }[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>> };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase() as Operation['method'],
      path: path.replace('{*}', '*'),
      query: (operation.parameters ?? []).filter((p) => p.in === 'query' || p.in === 'path').map((p) => ({ name: p.name, schema: p.schema, required: p.required ?? false, inPath: p.in === 'path' })),
      body: operation.requestBody?.content['application/json']?.schema ?? null,
    })),
  );
});
afterAll(() => t?.close());

/** Set after a write went through: it may have ended a session (logout, password change, freeze), so tokens are checked again. */
let staleTokens = false;
/** Counts the requests tokenOf made itself (checks, sign-ins): they write (sessions, the user's sign-in time), so a fingerprint taken before them is stale. */
let tokenRequests = 0;
/**
 * The identity's token, signed in again when needed. Checked only after a write went through (or a
 * 401 cleared it): checking before every request would cost a request each.
 */
const tokenOf = async (identity: string): Promise<string | undefined> => {
  const credentials = identities[identity];
  if (!credentials) return undefined;
  if (staleTokens) {
    for (const [name, token] of Object.entries(tokens)) {
      tokenRequests++;
      if (token && (await t.request({ method: 'GET', url: '/boot/sys/permission/getUserPermissionByToken', token })).statusCode !== 200) tokens[name] = null;
    }
    staleTokens = false;
  }
  if (!tokens[identity]) tokenRequests++;
  tokens[identity] ??= await t.login(credentials.username, credentials.password);
  return tokens[identity] ?? undefined;
};

/** A field the request broke so that its schema certainly refuses it: a 400 must name it. */
interface Broken {
  field: string;
}
interface Mutated {
  query: Record<string, unknown>;
  body: unknown;
  broken?: Broken;
}
type Mutation = (query: Record<string, unknown>, body: unknown, operation: Operation) => Mutated;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Any generated value as query-string text (objects as JSON; fast-check makes some without a prototype). */
const asText = (value: unknown): string => (typeof value === 'string' ? value : value === undefined ? '' : (JSON.stringify(value) ?? ''));

/** The fields a mutation may break: the body's properties when it has an object body, else the query's parameters. */
interface Field {
  name: string;
  schema: JsonSchema;
  in: 'body' | 'query';
  required: boolean;
}
const fieldsOf = (operation: Operation): Field[] => {
  const bodyProperties = operation.body && !operation.body.anyOf ? Object.entries(operation.body.properties ?? {}) : [];
  if (bodyProperties.length > 0) return bodyProperties.map(([name, schema]) => ({ name, schema, in: 'body', required: operation.body?.required?.includes(name) ?? false }));
  // Path parameters stay whole: a broken one only makes another URL.
  return operation.query.filter((p) => !p.inPath).map((p) => ({ name: p.name, schema: p.schema, in: 'query', required: p.required }));
};

/** Sets one field to a value and tells whether its schema certainly refuses it. */
const setField = (query: Record<string, unknown>, body: unknown, field: Field, value: unknown): Mutated => {
  if (field.in === 'body') {
    const next = { ...(isRecord(body) ? body : {}), [field.name]: value };
    return { query, body: next, broken: surelyRefuses(field.schema, value, 'json') ? { field: field.name } : undefined };
  }
  const text = asText(value);
  return { query: { ...query, [field.name]: text }, body, broken: surelyRefuses(field.schema, text, 'query') ? { field: field.name } : undefined };
};

/** Sets every string field (body or query) to `edit(current)`: injection and unicode strings in all of them at once. */
const everyStringField = (query: Record<string, unknown>, body: unknown, operation: Operation, edit: (current: string, field: Field) => string): Mutated => {
  const nextQuery = { ...query };
  const nextBody = isRecord(body) ? { ...body } : body;
  for (const field of fieldsOf(operation).filter((f) => typeOf(f.schema) === 'string' || f.schema.anyOf)) {
    if (field.in === 'body' && isRecord(nextBody)) nextBody[field.name] = edit(asText(nextBody[field.name]), field);
    if (field.in === 'query') nextQuery[field.name] = edit(asText(nextQuery[field.name]), field);
  }
  return { query: nextQuery, body: nextBody };
};

/** A value nested `depth` levels deep, alternately in arrays and objects. */
const deeplyNested = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? [value] : { nested: value };
  return value;
};

const injections = [
  "' or 1=1 --",
  "'; drop table sys_user; --",
  '" or ""="',
  "\\'; select pg_sleep(0); --",
  '$1',
  '%',
  '_',
  '\\',
  "1' union select null, version() --",
  '${7*7}{{7*7}}',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '%00%27',
  '{"$gt":""}',
];
const unicodeEdges = [
  '\uD800', // lone high surrogate
  '\uDC00x', // lone low surrogate
  'a\u202Eevil\u202C', // right-to-left override
  '\u200B\u200C\u200D\uFEFF', // zero-width characters and BOM
  'e\u0301\u0301\u0301\u0301', // stacked combining marks
  '👩‍👩‍👧‍👦🏳️‍🌈', // emoji sequences
  '\u0661\u0662\u0663', // Arabic-Indic digits
  'Ｆｕｌｌｗｉｄｔｈ', // fullwidth forms
  '\uFFFF\uFFFE', // non-characters
  'İıſK', // case-folding traps
];
const injectionSorts = ["createTime; drop table sys_user", 'username desc, (select 1)', '1', 'createTime"', "sex_dictText'--", ''];
const injectionOrders = ['desc; select 1', 'asc nulls first', 'DESC', "' or 1=1", ''];

/** Ways to break an otherwise valid request, each picked with a random index. */
const mutations = (index: number, value: unknown): Mutation[] => [
  // 0. NUL inside one field.
  (query, body, operation) => {
    const fields = fieldsOf(operation);
    const field = fields[index % Math.max(fields.length, 1)] ?? { name: 'name', schema: {}, in: 'body', required: false };
    const current = field.in === 'body' ? (isRecord(body) ? body[field.name] : undefined) : query[field.name];
    return setField(query, body, field, `${asText(current)}\u0000`);
  },
  // 1. A built-in property name as a key and as a sort column.
  (query, body) => {
    const name = builtInNames[index % builtInNames.length] as string;
    const bodyRecord = isRecord(body) ? { ...body, [name]: 'x' } : body;
    return { query: { ...query, [name]: 'x', column: name, [`${name}_begin`]: '2026-01-01' }, body: bodyRecord };
  },
  // 2. A bad scalar or a wrong type in place of one field.
  (query, body, operation) => {
    const fields = fieldsOf(operation);
    const field = fields[index % Math.max(fields.length, 1)];
    if (!field) return { query: { ...query, x: asText(value) }, body };
    return setField(query, body, field, value);
  },
  // 3. A field left out (a required one when there is one).
  (query, body, operation) => {
    const fields = fieldsOf(operation);
    const required = fields.filter((f) => f.required);
    const field = (required.length > 0 ? required : fields)[index % Math.max(required.length || fields.length, 1)];
    if (!field) return { query, body };
    if (field.in === 'body') {
      const trimmed = isRecord(body) ? { ...body } : {};
      delete trimmed[field.name];
      return { query, body: trimmed, broken: field.required && isRecord(body) ? { field: field.name } : undefined };
    }
    const trimmed = { ...query };
    delete trimmed[field.name];
    return { query: trimmed, body, broken: field.required ? { field: field.name } : undefined };
  },
  // 4. A body of the wrong kind altogether, or nested thousands of levels deep.
  (query, _body, operation) => {
    const wrong = [[], 'text', 42, null, { nested: { deep: [1, { a: '\u0000' }] } }, deeplyNested(2000)][index % 6];
    const objectBody = operation.body !== null && typeOf(operation.body) === 'object' && !isRecord(wrong);
    return { query, body: wrong, broken: objectBody && wrong !== null ? { field: 'body' } : undefined };
  },
  // 5. List routes: filters from the contract with values their columns cannot hold, ranges, advanced queries, sorts.
  (query, body, operation) => {
    const columns = listColumns[operation.path] ?? ['name'];
    const column = columns[index % columns.length] as string;
    const filterValue = [...badFilterValues, ...injections][index % (badFilterValues.length + injections.length)] as string;
    const sort = { column: injectionSorts[index % injectionSorts.length], order: injectionOrders[index % injectionOrders.length] };
    const extra = [
      { [column]: filterValue },
      { [`${column}_begin`]: filterValue, [`${column}_end`]: '2026-01-01' },
      { superQueryParams: badSuperQueries[index % badSuperQueries.length], superQueryMatchType: ['and', 'or', 'xor', '\u0000'][index % 4] },
      sort,
    ][index % 4];
    return { query: { ...query, ...extra }, body };
  },
  // 6. A number at or past a bound (min, max, one beyond each, past the safe integers, -0, NaN and Infinity as text).
  (query, body, operation) => {
    const fields = fieldsOf(operation);
    const numeric = fields.filter((f) => ['integer', 'number'].includes(typeOf(f.schema) ?? ''));
    const field = (numeric.length > 0 ? numeric : fields)[index % Math.max(numeric.length || fields.length, 1)];
    if (!field) return { query: { ...query, pageSize: String(Number.MAX_SAFE_INTEGER + 1) }, body };
    const values = boundaryNumbers(field.schema);
    return setField(query, body, field, values[index % values.length]);
  },
  // 7. A string one past its length bound, or a very long one.
  (query, body, operation) => {
    const fields = fieldsOf(operation);
    const strings = fields.filter((f) => typeOf(f.schema) === 'string');
    const field = (strings.length > 0 ? strings : fields)[index % Math.max(strings.length || fields.length, 1)];
    if (!field) return { query, body };
    const bound = maxLengthOf(field.schema);
    const length = index % 2 === 0 && bound !== undefined ? bound + 1 : field.in === 'query' ? 20_000 : 200_000;
    return setField(query, body, field, 'ä'.repeat(length));
  },
  // 8. Unicode edge cases in every string field.
  (query, body, operation) => everyStringField(query, body, operation, (current) => `${current}${unicodeEdges[index % unicodeEdges.length]}`),
  // 9. Injection strings in every string field.
  (query, body, operation) => everyStringField(query, body, operation, () => injections[index % injections.length] as string),
  // 10. Extra fields: many unknown ones, one nested deep.
  (query, body) => {
    const extras = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`extra${i}`, i % 2 === 0 ? 'x' : i]));
    return { query: { ...query, extra: 'x', 'a[b]': 'y' }, body: isRecord(body) ? { ...body, ...extras, deep: deeplyNested(500) } : body };
  },
];
const mutationCount = mutations(0, null).length;

/** Whether an answer's message names the field: `field`, `field[0]`, `field.part`, but not `otherfield`. */
const namesField = (message: string, field: string): boolean => new RegExp(`(^|[^A-Za-z0-9_])${field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^A-Za-z0-9_])`).test(message);

describe('contract-driven fuzz of every documented route', () => {
  it('answers no request with a 5xx, writes nothing on a refusal, and names the broken field', async () => {
    expect(operations.length).toBeGreaterThan(30);
    const serverErrors: string[] = [];
    const partialWrites: string[] = [];
    const unnamedFields: string[] = [];
    const counts = { requests: 0, refused: 0, fieldChecks: 0, acceptedWrites: 0 };
    const watch = await watchWrites(t);
    let watchMs = 0;
    const takeWrites = async (): Promise<string[]> => {
      const started = performance.now();
      const writes = await watch.takeWrites();
      watchMs += performance.now() - started;
      return writes;
    };
    await watch.takeWrites();
    const fingerprintAtStart = await watch.fingerprint();
    const tablesSeenWritten = new Set<string>();
    for (const [routeIndex, operation] of operations.entries()) {
      if (onlyRoutes && !onlyRoutes.test(`${operation.method} ${operation.path}`)) continue;
      const queryModel = Object.fromEntries(operation.query.map((p) => [p.name, arbitraryFor(p.schema, known, p.name)]));
      const requiredQuery = operation.query.filter((p) => p.required).map((p) => p.name);
      const request = fc.record({
        query: fc.record(queryModel, { requiredKeys: requiredQuery }),
        body: operation.body ? arbitraryFor(operation.body, known) : fc.constant(undefined),
        // Below 0: sent as generated; list routes get their filters and sorts broken most often.
        mutation: listColumns[operation.path] ? fc.oneof({ weight: 3, arbitrary: fc.constant(5) }, { weight: 8, arbitrary: fc.integer({ min: -1, max: mutationCount - 1 }) }) : fc.integer({ min: -2, max: mutationCount - 1 }),
        index: fc.nat(1000),
        value: fc.constantFrom(...badScalars),
        // Mostly callers the route lets in, so requests reach the services and the database.
        identity: fc.oneof({ weight: 5, arbitrary: fc.constant('admin') }, { weight: 2, arbitrary: fc.constant('otherTenant') }, { weight: 2, arbitrary: fc.constant('demo') }, { weight: 1, arbitrary: fc.constantFrom('enduser', 'anonymous') }),
      });
      const samples = fc.sample(request, { seed: seed + routeIndex, numRuns: requestsPerRoute });
      for (const generated of samples) {
        let { query, body } = generated as { query: Record<string, unknown>; body: unknown };
        let broken: Broken | undefined;
        const { mutation, index, value, identity } = generated;
        if (mutation >= 0) ({ query, body, broken } = (mutations(index, value)[mutation] as Mutation)(query, body, operation));
        let url = operation.path;
        for (const parameter of operation.query.filter((p) => p.inPath)) {
          const segment = encodeURIComponent(asText(query[parameter.name]) || 'x');
          url = parameter.name === '*' ? url.replace('*', segment.replaceAll('%2F', '/')) : url.replace(`{${parameter.name}}`, segment);
          delete query[parameter.name];
        }
        const tokenRequestsBefore = tokenRequests;
        const options: InjectOptions & { token?: string } = {
          method: operation.method,
          url,
          query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, asText(v)])),
          token: await tokenOf(identity),
        };
        if (operation.method !== 'GET' && operation.method !== 'DELETE' && (body !== undefined || operation.body)) {
          options.payload = body === undefined ? '' : JSON.stringify(body);
          options.headers = { 'content-type': 'application/json' };
        }
        // Writes of the sign-ins above are not the request's.
        if (tokenRequests !== tokenRequestsBefore) for (const write of await takeWrites()) tablesSeenWritten.add(write.split(' ')[0] as string);
        const response = await t.request(options);
        const writes = await takeWrites();
        for (const write of writes) tablesSeenWritten.add(write.split(' ')[0] as string);
        counts.requests++;
        const described = () => `${operation.method} ${url} as ${identity} ${JSON.stringify({ query: options.query, body: options.payload }).slice(0, 400)} -> ${response.statusCode} ${response.body.slice(0, 200)}`;
        if (response.statusCode >= 500) serverErrors.push(described());
        if (response.statusCode === 401 && identity !== 'anonymous') tokens[identity] = null;
        else if (response.statusCode < 400 && operation.method !== 'GET') staleTokens = true;
        if (response.statusCode < 400 && writes.length > 0) counts.acceptedWrites++;
        if (response.statusCode < 400 || response.statusCode >= 500) continue;
        counts.refused++;
        if (writes.length > 0) partialWrites.push(`${described()} wrote ${writes.join(', ')}`);
        if (response.statusCode === 400 && broken) {
          counts.fieldChecks++;
          const message = String((response.json() as { message?: unknown }).message ?? '');
          if (!namesField(message, broken.field)) unnamedFields.push(`${described()} does not name ${broken.field}`);
        }
      }
    }
    // The journal saw every table whose content changed over the run (a check of the journal itself).
    const unseenChanges = changedTables(fingerprintAtStart, await watch.fingerprint()).filter((name) => !tablesSeenWritten.has(name));
    // eslint-disable-next-line no-console -- the fuzz reports its counts (CI log)
    console.log(
      `fuzz (seed ${seed}): ${operations.length} routes, ${counts.requests} inputs tried, ${counts.refused} refused (4xx), 5xx found = ${serverErrors.length}, ` +
        `partial writes = ${partialWrites.length} (journal read after every request in ${(watchMs / 1000).toFixed(1)} s, ${counts.acceptedWrites} accepted requests wrote; tables left out: ${Object.keys(tablesThatRecordRefusals).join(', ')}), ` +
        `refusals of a known broken field = ${counts.fieldChecks}, not naming it = ${unnamedFields.length}`,
    );
    expect({ serverErrors, partialWrites, unnamedFields, unseenChanges }).toEqual({ serverErrors: [], partialWrites: [], unnamedFields: [], unseenChanges: [] });
    // The journal sees writes: accepted requests wrote.
    expect(counts.acceptedWrites).toBeGreaterThan(0);
  }, 900_000);
});
