// Starts a worker thread from the server's TypeScript sources (tsx, as in development and the
// tests): `workerData.module` is the .ts file to run. The built server starts its bundled workers
// directly (dist/*-worker.js).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.module);
