#!/usr/bin/env node
// `node scripts/architecture-metrics.mjs [--list]`: the server's structure in numbers, read from its
// sources' import statements (tests left out), so a layout change is measured the same way each time:
//   - imports of another module's repository (`modules/<a>/…` importing `modules/<b>/*.repository`);
//   - the largest cycle among server modules (strongly connected modules of the module import graph);
//   - `create…Repository(` calls in route files, and in all;
//   - services that write SQL (a `*.service.ts` importing drizzle-orm, the schema or a table file);
//   - layer-rule breaks: `lib/` importing any other folder of the server; `db/` importing `modules/`,
//     `plugins/`, `kit/` or `access/`; `access/` importing `modules/`, `plugins/` or `kit/`; `kit/`
//     importing `modules/` or `plugins/`; `plugins/` importing `modules/`; the server importing the
//     simulator app (apps/; the simulator's library in packages/ is a package) (each file and target once;
//     `db/schema.ts`, the one list of every module's tables that migrations are generated from, aside);
//   - API paths written outside the contract: a literal `url:` in a server route file, a literal
//     or template path in a web `api.get/post/put/delete(…)` call (tests left out), and untyped
//     `.json()` reads in the API tests (a contract endpoint's `t.call` answers the typed envelope).
// With --list, each counted import or call is printed with its file.
/* eslint-disable no-console -- a command-line tool: its report is its output */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'apps/server/src');
const list = process.argv.includes('--list');

/** Every TypeScript source file under `dir`, tests left out. */
const sources = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [full] : [];
  });

const files = sources(src);
const rel = (file) => path.relative(src, file);
/** The module a source file belongs to (`modules/<name>/…`), or null. */
const moduleOf = (file) => /^modules\/([^/]+)\//.exec(rel(file))?.[1] ?? null;
/** The layer a file is in: its first folder under src/ (`lib`, `db`, `plugins`, `modules`, …), or `root`. */
const layerOf = (file) => (rel(file).includes('/') ? rel(file).split('/')[0] : 'root');

/** The relative imports of a file, resolved to files under src/ (or outside it, for other packages). */
const importsOf = (file) => {
  const text = readFileSync(file, 'utf8');
  const found = [];
  for (const match of text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const spec = match[1] ?? match[2];
    if (!spec) continue;
    if (spec.startsWith('.')) found.push({ spec, target: path.resolve(path.dirname(file), spec.replace(/\.js$/, '.ts')) });
    else found.push({ spec, target: null });
  }
  return found;
};

const shown = (label, items) => {
  console.log(`${label}: ${items.length}`);
  if (list) for (const item of items) console.log(`  ${item}`);
};

const repositoryImports = [];
const layerBreaks = [];
const edges = new Map();
for (const file of files) {
  const from = moduleOf(file);
  const layer = layerOf(file);
  for (const { spec, target } of importsOf(file)) {
    if (target === null) {
      if (/apps\/simulator/.test(spec)) layerBreaks.push(`${rel(file)} -> ${spec}`);
      continue;
    }
    const targetRel = path.relative(src, target);
    const to = /^modules\/([^/]+)\//.exec(targetRel)?.[1] ?? null;
    if (from && to && from !== to) {
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
      if (/\.repository\.ts$/.test(targetRel)) repositoryImports.push(`${rel(file)} -> ${targetRel}`);
    }
    const targetLayer = targetRel.includes('/') ? targetRel.split('/')[0] : 'root';
    const lower = { lib: ['db', 'plugins', 'modules', 'kit', 'access'], db: ['modules', 'plugins', 'kit', 'access'], access: ['modules', 'plugins', 'kit'], kit: ['modules', 'plugins'], plugins: ['modules'] }[layer] ?? [];
    if (lower.includes(targetLayer) && rel(file) !== 'db/schema.ts') layerBreaks.push(`${rel(file)} -> ${targetRel}`);
    if (targetRel.startsWith('..') && /apps\/simulator/.test(target)) layerBreaks.push(`${rel(file)} -> ${targetRel}`);
  }
}

/** Tarjan's strongly connected components of the module graph. */
const components = () => {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const result = [];
  let counter = 0;
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      result.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return result;
};
const cycles = components().filter((component) => component.length > 1).sort((a, b) => b.length - a.length);

const repositoryCalls = (onlyRoutes) =>
  files
    .filter((file) => !onlyRoutes || /\.routes\.ts$/.test(file))
    .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\bcreate\w*Repository\(/g)].map((match) => `${rel(file)}: ${match[0]}`));
const sqlServices = files.filter((file) => /\.service\.ts$/.test(file) && /from\s+['"](drizzle-orm(\/[^'"]*)?|[./]+db\/schema\.js|[./]+[^'"]*\.table\.js)['"]/.test(readFileSync(file, 'utf8'))).map(rel);

console.log(`server source files: ${files.length}, modules: ${new Set(files.map(moduleOf).filter(Boolean)).size}`);
shown("imports of another module's repository", repositoryImports);
console.log(`largest cycle among server modules: ${cycles[0]?.length ?? 0}${cycles[0] ? ` (${cycles[0].join(', ')})` : ''}`);
if (list) for (const cycle of cycles.slice(1)) console.log(`  also a cycle of ${cycle.length}: ${cycle.join(', ')}`);
shown('create…Repository( calls in route files', repositoryCalls(true));
console.log(`create…Repository( calls in all: ${repositoryCalls(false).length}`);
shown('services that write SQL', sqlServices);
shown('layer-rule breaks', [...new Set(layerBreaks)]);

/** Every source file under `dir` with one of the extensions, tests included when asked. */
const sourcesIn = (dir, pattern) =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourcesIn(full, pattern);
    return pattern.test(name) ? [full] : [];
  });
const matchesIn = (fileList, pattern) =>
  fileList.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(pattern)].map((match) => `${path.relative(root, file)}: ${match[0]}`));
const routeFiles = files.filter((file) => /\.routes\.ts$/.test(file));
shown('route paths written in route files (not from a contract endpoint)', matchesIn(routeFiles, /\burl:\s*['`][^'`]+['`]/g));
const webSources = sourcesIn(path.join(root, 'apps/web/src'), /^(?!.*\.test\.tsx?$).*\.tsx?$/);
shown('web calls with a path of their own (not api.call of an endpoint)', matchesIn(webSources, /\bapi\.(?:get|post|put|delete)(?:<[^(]*>)?\(\s*['`][^'`]*['`]/g));
shown('untyped .json() reads in API tests', matchesIn(sourcesIn(path.join(root, 'apps/server/test'), /\.ts$/), /\.json\(\)/g));
