import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/mosquitto.js';
import {
  type Load,
  type ServerProcess,
  type TcpProxy,
  compareKeys,
  createPostgresDatabase,
  fleet,
  registerLoggers,
  sleep,
  startLoad,
  startServerProcess,
  startTcpProxy,
  storedKeysPostgres,
} from './support.js';

/**
 * PostgreSQL goes away for 3 s during ingestion: a TCP proxy between the server and the database
 * destroys every connection and refuses new ones. The server (a child process, embedded broker,
 * so a PUBACK means committed) must stay up and keep answering HTTP, must not acknowledge
 * telemetry while nothing can be stored, and after the database is back must store everything
 * published, once.
 */

const day = 24 * 3600 * 1000;
const outageMs = 3_000;

describe.skipIf(process.env.TEST_DATABASE !== 'postgres')('database outage during ingestion', () => {
  // Created in the test, not at collection: a skipped suite runs no afterAll to remove it.
  let dataDir = '';
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | null = null;
  let proxy: TcpProxy | null = null;
  let server: ServerProcess | null = null;
  let load: Load | null = null;

  afterAll(async () => {
    await load?.close();
    await server?.kill();
    await proxy?.close();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('stays up, withholds PUBACK while the database is unreachable, and loses nothing', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cellsight-outage-'));
    database = await createPostgresDatabase('cellsight_outage');
    const target = new URL(database.url);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const proxied = new URL(database.url);
    proxied.port = String(proxy.port);
    const mqttPort = await freePort();
    server = await startServerProcess({ dataDir, port: await freePort(), mqttPort, databaseUrl: proxied.toString() });
    const running = server;

    const loggers = fleet('OUTAGE', 6, 4);
    await registerLoggers(running.url, loggers);
    const messagesPerLogger = 150;
    const total = loggers.length * messagesPerLogger * 4 * 5;
    const publishing = await startLoad({
      mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
      loggers,
      messagesPerLogger,
      samplesPerBattery: 5,
      inflight: 20,
      baseTs: Date.now() - 5 * day,
    });
    load = publishing;

    const deadline = Date.now() + 30_000;
    while (publishing.acked() < total / 5) {
      if (Date.now() > deadline) throw new Error(`ingestion did not get going:\n${running.output()}`);
      await sleep(20);
    }

    proxy.cut();
    const cutAt = Date.now();
    const answers: number[] = [];
    while (Date.now() - cutAt < outageMs) {
      const status = await fetch(`${running.url}/boot/sys/public/config`, { signal: AbortSignal.timeout(1_000) }).then(
        (response) => response.status,
        () => 0, // no answer at all
      );
      answers.push(status);
      await sleep(250);
    }
    const restoredAt = Date.now();
    proxy.restore();
    expect(running.exited(), `the server process died during the database outage:\n${running.output()}`).toBe(false);
    const ackedDuringOutage = publishing.ackTimes().filter((at) => at > cutAt + 250 && at <= restoredAt).length;
    const ackedAtRestore = publishing.acked();

    await Promise.race([
      publishing.finished,
      sleep(40_000).then(() => Promise.reject(new Error(`load did not finish after the outage: ${publishing.acked()} of ${total} acknowledged\n${running.output()}`))),
    ]);

    expect(answers.length).toBeGreaterThanOrEqual(5);
    expect(answers.every((status) => status === 200)).toBe(true);
    // Nothing acknowledged while nothing could be committed (a batch whose commit answer arrived
    // just before the cut may still be acknowledged in the first 250 ms).
    expect(ackedDuringOutage).toBe(0);
    expect(ackedAtRestore).toBeLessThan(total);
    // After the outage everything is there, once.
    const stored = await storedKeysPostgres(database.url, 'OUTAGE');
    expect(compareKeys(stored, publishing.attemptedKeys(), publishing.ackedKeys())).toEqual({
      stored: total,
      distinctStored: total,
      attempted: total,
      ackedMissing: 0,
      attemptedMissing: 0,
      unexpected: 0,
    });
    // Still serving after the outage.
    expect((await fetch(`${running.url}/boot/sys/public/config`)).status).toBe(200);
  }, 120_000);
});
