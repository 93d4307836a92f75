import { Worker } from 'node:worker_threads';
import { runningBuilt, serverPath } from '../../../paths.js';
import { laneOf } from './logger-spread.js';
import { decodeTelemetry, type TelemetryDecoding } from './telemetry-decoder.js';

export interface TelemetryDecoder {
  /** Checks and encodes one telemetry message; one logger's messages are answered in the order given. */
  decode(gsn: string, payload: Uint8Array): Promise<TelemetryDecoding>;
  /** Ends the threads; messages still being decoded are answered with an error. */
  close(): Promise<void>;
}

interface Thread {
  worker: Worker;
  waiting: Map<number, { resolve: (result: TelemetryDecoding) => void; reject: (error: Error) => void }>;
}

/**
 * Telemetry decoding (JSON, the contract's check, COPY encoding: most of the CPU a sample costs the
 * server) on `threads` worker threads, so that the main thread is left with the broker, the batches
 * and HTTP. With 0 threads, messages are decoded on the main thread. Threads start with the first
 * message, so a process that never receives telemetry never starts them.
 */
export const createTelemetryDecoder = ({ threads }: { threads: number }): TelemetryDecoder => {
  if (threads <= 0) {
    return { decode: (_gsn, payload) => Promise.resolve(decodeTelemetry(payload)), close: async () => undefined };
  }
  let pool: Thread[] | null = null;
  let nextId = 1;
  let closed = false;

  const start = (): Thread => {
    const worker = runningBuilt
      ? new Worker(serverPath('dist', 'telemetry-decoder-worker.js'))
      : new Worker(serverPath('src', 'typescript-worker.mjs'), { workerData: { module: serverPath('src', 'modules', 'device-plane', 'ingest', 'telemetry-decoder.worker.ts') } });
    const thread: Thread = { worker, waiting: new Map() };
    const failAll = (error: Error) => {
      for (const { reject } of thread.waiting.values()) reject(error);
      thread.waiting.clear();
    };
    worker.on('message', ({ id, result }: { id: number; result: TelemetryDecoding }) => {
      const waiting = thread.waiting.get(id);
      thread.waiting.delete(id);
      waiting?.resolve(result);
    });
    worker.on('error', failAll);
    worker.on('exit', (code) => {
      failAll(new Error(`a telemetry decoder thread ended (exit code ${code})`));
      // A thread that died is replaced at the next message (closing ends them on purpose).
      const index = pool?.indexOf(thread) ?? -1;
      if (!closed && pool && index >= 0) pool[index] = start();
    });
    // Idle decoder threads must not keep the process alive.
    worker.unref();
    return thread;
  };

  return {
    decode(gsn, payload) {
      if (closed) return Promise.reject(new Error('the telemetry decoder is closed'));
      pool ??= Array.from({ length: threads }, start);
      // Each logger's messages go to one thread, so they are answered in order.
      const thread = pool[laneOf(gsn, pool.length)] as Thread;
      const id = nextId++;
      // A copy of just the message (the transport's buffer may hold more), moved to the thread.
      const own = new Uint8Array(payload);
      return new Promise<TelemetryDecoding>((resolve, reject) => {
        thread.waiting.set(id, { resolve, reject });
        thread.worker.postMessage({ id, payload: own }, [own.buffer]);
      });
    },
    async close() {
      closed = true;
      if (pool) await Promise.all(pool.map(({ worker }) => worker.terminate()));
    },
  };
};
