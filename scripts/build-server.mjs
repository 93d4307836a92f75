#!/usr/bin/env node
// Builds the server once (`npm run build -w @cellsight/server`), as the web app is built:
// 1. the TypeScript of the server and of the workspace packages it uses (contract, simulator)
//    becomes one ES module bundle per entry in apps/server/dist, so `npm start` runs plain
//    JavaScript instead of compiling every module at each start (node --import tsx); npm packages
//    stay outside the bundle and load from node_modules as before;
// 2. the migrated, empty embedded database, which a new data folder starts as a copy of
//    (src/db/database.ts) instead of creating a cluster and running every migration.
// With --if-missing (npm start's prestart) it builds only when there is no build yet.
/* eslint-disable no-console -- a command-line tool: its report is its output */
import { chmodSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { register } from 'tsx/esm/api';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server');
const outdir = path.join(serverDir, 'dist');
const size = (file) => `${Math.round(statSync(file).size / 1024)} kB`;
const folderSize = (folder) => {
  const files = readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  const bytes = files.reduce((sum, entry) => sum + statSync(path.join(entry.parentPath, entry.name)).size, 0);
  return `${files.length} files, ${Math.round(bytes / 1024 / 1024)} MB`;
};

/** Workspace packages are bundled (they are TypeScript); every other package is imported at run time. */
const npmPackagesOutside = {
  name: 'npm-packages-outside',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@cellsight/') ? undefined : { path: args.path, external: true }));
  },
};

if (process.argv.includes('--if-missing') && existsSync(path.join(outdir, 'server.js'))) process.exit(0);

let started = performance.now();
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: serverDir,
  // Every entry lands directly in dist/, one folder below the package like src/ (src/paths.ts).
  entryPoints: [
    { in: 'src/server.ts', out: 'server' },
    // The embedded database's worker thread (src/db/pglite-thread.ts).
    { in: 'src/db/pglite-worker.mjs', out: 'pglite-worker' },
    // Telemetry decoder threads (src/modules/device-plane/ingest/telemetry-decoder-pool.ts).
    { in: 'src/modules/device-plane/ingest/telemetry-decoder.worker.ts', out: 'telemetry-decoder-worker' },
  ],
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // Dynamic imports become chunks of their own, loaded when reached: server.ts starts the embedded
  // database before the chunk with the rest of the server (and the npm packages it imports) loads.
  // Chunks stay directly in dist/ (src/paths.ts).
  splitting: true,
  chunkNames: '[name]-[hash]',
  target: 'node20.19',
  sourcemap: 'linked',
  // Readable stack traces and logs: names and layout kept.
  minify: false,
  plugins: [npmPackagesOutside],
  metafile: true,
  logLevel: 'warning',
});
const bundles = Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js'));
console.log(`bundled the server in ${Math.round(performance.now() - started)} ms: ${bundles.map((file) => `${file} (${size(path.join(serverDir, file))})`).join(', ')}`);

started = performance.now();
register();
const { openDatabase } = await import('../apps/server/src/db/database.ts');
const { pgliteTemplateDir } = await import('../apps/server/src/db/embedded-database.ts');
// A data folder of its own (dist/ has no template yet, so PGlite creates the cluster), migrated and
// closed cleanly; its pgdata folder is the template.
const scratch = mkdtempSync(path.join(outdir, 'template-'));
const database = await openDatabase({ kind: 'pglite', dataDir: scratch, thread: 'main' });
await database.close();
const template = pgliteTemplateDir();
renameSync(path.join(scratch, 'pgdata'), template);
rmSync(scratch, { recursive: true, force: true });
// Readable by all: the server may run as another user than the build (the Docker image's `node`);
// each copy is made the database's own again (src/db/embedded-database.ts).
for (const entry of readdirSync(template, { recursive: true, withFileTypes: true })) {
  chmodSync(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o755 : 0o644);
}
chmodSync(template, 0o755);
console.log(`made the embedded database's template in ${Math.round(performance.now() - started)} ms: ${path.relative(serverDir, template)} (${folderSize(template)})`);
