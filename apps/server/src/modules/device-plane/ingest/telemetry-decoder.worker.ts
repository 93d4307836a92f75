// A telemetry decoder thread (telemetry-decoder-pool.ts starts it): checks and encodes the
// messages the main thread hands it, in the order they come, and hands back each result with
// its encoded samples moved, not copied.
import { parentPort } from 'node:worker_threads';
import { decodeTelemetry } from './telemetry-decoder.js';

parentPort?.on('message', ({ id, payload }: { id: number; payload: Uint8Array }) => {
  const result = decodeTelemetry(payload);
  parentPort?.postMessage({ id, result }, 'telemetry' in result ? [result.telemetry.fields.buffer as ArrayBuffer] : []);
});
