// The embedded database's own thread (see pglite-thread.ts, which starts it and speaks to it).
// PostgreSQL compiled to WebAssembly runs here, so that its work (the bulk of storing telemetry)
// takes the second core while the main thread reads MQTT, checks messages and answers HTTP.
// Plain JavaScript: a worker thread cannot load TypeScript sources the way tsx loads the server's,
// and this file needs nothing but PGlite.
import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** @typedef {import('./pglite-thread.ts').WorkerRequest} WorkerRequest */

/** Type parsers that leave a column's text as it is, by type oid (drizzle reads timestamps, dates and intervals as text). */
const keepText = (oids) => (oids?.length ? Object.fromEntries(oids.map((oid) => [oid, (value) => value])) : undefined);

/** What a refused statement tells, as plain data (an Error's own fields do not survive postMessage). */
const describeError = (error) => {
  if (!(error instanceof Error)) return { message: String(error) };
  const described = { message: error.message, name: error.name };
  for (const key of ['code', 'detail', 'hint', 'position', 'severity', 'schema', 'table', 'column', 'dataType', 'constraint', 'where', 'routine']) {
    if (error[key] !== undefined) described[key] = error[key];
  }
  return described;
};

/** @type {PGlite} */
let database;

/** One statement at a time, as PGlite itself runs them; the host orders them (its lock holds transactions together). */
const run = async (/** @type {WorkerRequest} */ request) => {
  switch (request.op) {
    case 'open':
      {
        const options = {
          startParams: [...PGlite.defaultStartParams, ...request.settings.flatMap((setting) => ['-c', setting])],
          ...(request.loadDataDir ? { loadDataDir: new Blob([request.loadDataDir]) } : {}),
        };
        database = request.dataDir ? new PGlite(request.dataDir, options) : new PGlite(options);
      }
      await database.waitReady;
      return null;
    case 'query': {
      const options = { rowMode: request.rowMode, parsers: keepText(request.textOids), ...(request.blob ? { blob: new Blob([request.blob]) } : {}) };
      const { rows, fields, affectedRows } = await database.query(request.text, request.params, options);
      return { rows, fields, affectedRows };
    }
    case 'exec':
      return (await database.exec(request.text)).map(({ rows, fields, affectedRows }) => ({ rows, fields, affectedRows }));
    case 'script':
      // One transaction for every step, run here without a round trip to the host between them.
      return database.transaction(async (tx) => {
        let last = [];
        for (const step of request.steps) {
          if (step.copy) await tx.query(`copy ${step.copy} from '/dev/blob' (format binary)`, [], { blob: new Blob([step.data]) });
          else last = (await tx.query(step.query, step.params)).rows;
        }
        return last;
      });
    case 'dump': {
      const dump = await database.dumpDataDir(request.compression);
      return new Uint8Array(await dump.arrayBuffer());
    }
    case 'close':
      await database.close();
      return null;
  }
};

parentPort.on('message', (/** @type {WorkerRequest} */ request) => {
  run(request).then(
    (result) => parentPort.postMessage({ id: request.id, result }),
    (error) => parentPort.postMessage({ id: request.id, error: describeError(error) }),
  );
});
