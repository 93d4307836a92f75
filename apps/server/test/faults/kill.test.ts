import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Mosquitto, freePort, startMosquitto } from '../support/mosquitto.js';
import { describeNeeding, mosquittoService } from '../support/required-services.js';
import {
  type Load,
  type ServerProcess,
  compareKeys,
  countStoredPostgres,
  createPostgresDatabase,
  fleet,
  registerLoggers,
  sleep,
  startLoad,
  startServerProcess,
  storedKeysPglite,
  storedKeysPostgres,
} from './support.js';

/**
 * SIGKILL in the middle of ingestion: no shutdown hook runs, nothing is drained, every socket is
 * reset. Loggers (clean session 0, fixed client id, QoS 1, ~20 in flight, reconnect every 500 ms)
 * keep what was not acknowledged and re-send it after the restart. Afterwards every sample that got
 * a PUBACK must be stored, every sample attempted must be stored in the end, and nothing twice.
 */

const day = 24 * 3600 * 1000;

interface Run {
  server: ServerProcess | null;
  load: Load | null;
}

interface KillOptions {
  start: () => Promise<ServerProcess>;
  mqttUrl: string;
  prefix: string;
  /** Samples stored so far (while the server runs). */
  progress: (load: Load) => Promise<number>;
  /** Runs while the server is dead, with the keys acknowledged before the kill. */
  whileDead: (ackedBeforeKill: string[]) => Promise<void>;
}

/** Publishes, kills the server once a fifth of the load is stored, restarts it, and lets the load finish. */
async function killDuringIngestion(run: Run, options: KillOptions) {
  run.server = await options.start();
  const loggers = fleet(options.prefix, 6, 4);
  await registerLoggers(run.server.url, loggers);
  const load = await startLoad({ mqttUrl: options.mqttUrl, loggers, messagesPerLogger: 120, samplesPerBattery: 5, inflight: 20, baseTs: Date.now() - 10 * day });
  run.load = load;
  const total = loggers.length * 120 * 4 * 5;
  const deadline = Date.now() + 30_000;
  while ((await options.progress(load)) < total / 5) {
    if (Date.now() > deadline) throw new Error(`a fifth of the samples was not stored within 30 s:\n${run.server.output()}`);
    await sleep(20);
  }
  await run.server.kill();
  const atKill = { attempted: load.attempted(), acked: load.acked() };
  await options.whileDead(load.ackedKeys());
  run.server = await options.start();
  await Promise.race([load.finished, sleep(40_000).then(() => Promise.reject(new Error(`load did not finish: ${load.acked()} of ${total} samples acknowledged`)))]);
  return { total, atKill };
}

describe.skipIf(process.env.TEST_DATABASE === 'postgres')('SIGKILL during ingestion, embedded defaults (PGlite + embedded broker)', () => {
  // Created in the test, not at collection: a skipped suite runs no afterAll to remove it.
  let dataDir = '';
  const run: Run = { server: null, load: null };

  afterAll(async () => {
    await run.load?.close();
    await run.server?.kill();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores every acknowledged sample, and in the end every sample, exactly once', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cellsight-kill-'));
    const port = await freePort();
    const mqttPort = await freePort();
    let ackedAtKill: string[] = [];
    let storedAtKill: string[] = [];
    const { total, atKill } = await killDuringIngestion(run, {
      start: () => startServerProcess({ dataDir, port, mqttPort }),
      mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
      prefix: 'KILLE',
      // With the embedded broker a PUBACK is sent only after the commit.
      progress: async (load) => load.acked(),
      // The server is dead: its PGlite folder can be read directly. What was acknowledged must be there.
      whileDead: async (acked) => {
        ackedAtKill = acked;
        storedAtKill = await storedKeysPglite(dataDir, 'KILLE');
      },
    });
    const storedSet = new Set(storedAtKill);
    expect(ackedAtKill.length).toBeGreaterThan(0);
    expect(ackedAtKill.filter((k) => !storedSet.has(k)).length, 'acknowledged before the kill but not stored').toBe(0);
    // The kill hit messages in flight (published, not acknowledged), so the re-send path was exercised.
    expect(atKill.attempted).toBeGreaterThan(atKill.acked);
    expect(storedAtKill.length).toBeLessThan(total);
    expect(run.load?.disconnects()).toBeGreaterThanOrEqual(6);
    // PGlite lives in the server process: stop it gracefully, then read its folder.
    await run.server?.stop();
    const stored = await storedKeysPglite(dataDir, 'KILLE');
    const result = compareKeys(stored, run.load?.attemptedKeys() ?? [], run.load?.ackedKeys() ?? []);
    expect(result).toEqual({ stored: total, distinctStored: total, attempted: total, ackedMissing: 0, attemptedMissing: 0, unexpected: 0 });
  }, 120_000);
});

describeNeeding([mosquittoService], process.env.TEST_DATABASE === 'postgres')('SIGKILL during ingestion, PostgreSQL + Mosquitto', () => {
  let dataDir = '';
  const run: Run = { server: null, load: null };
  let broker: Mosquitto | null = null;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | null = null;

  afterAll(async () => {
    await run.load?.close();
    await run.server?.kill();
    await broker?.stop();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses nothing: what the platform had not committed waits in its Mosquitto session', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cellsight-kill-pg-'));
    database = await createPostgresDatabase('cellsight_kill');
    broker = await startMosquitto();
    const databaseUrl = database.url;
    const mqttUrl = broker.url;
    // The same PORT after the restart: the platform's persistent session id is cellsight-<group>-<host>-<PORT>.
    const port = await freePort();
    let storedAtKill = 0;
    const { total } = await killDuringIngestion(run, {
      start: () => startServerProcess({ dataDir, port, mqttPort: 0, databaseUrl, mqttUrl }),
      mqttUrl,
      prefix: 'KILLP',
      // Mosquitto acknowledges a logger when it has queued the message: progress is what the database holds.
      progress: () => countStoredPostgres(databaseUrl, 'KILLP'),
      whileDead: async () => {
        storedAtKill = await countStoredPostgres(databaseUrl, 'KILLP');
      },
    });
    // The restarted server had work left: messages queued in, or in flight from, its Mosquitto session.
    expect(storedAtKill).toBeGreaterThan(0);
    expect(storedAtKill).toBeLessThan(total);
    // Mosquitto acknowledges loggers when it has queued a message, so wait for the database.
    const deadline = Date.now() + 30_000;
    let stored = await storedKeysPostgres(databaseUrl, 'KILLP');
    while (stored.length < total && Date.now() < deadline) {
      await sleep(200);
      stored = await storedKeysPostgres(databaseUrl, 'KILLP');
    }
    const result = compareKeys(stored, run.load?.attemptedKeys() ?? [], run.load?.ackedKeys() ?? []);
    expect(result, run.server?.output()).toEqual({ stored: total, distinctStored: total, attempted: total, ackedMissing: 0, attemptedMissing: 0, unexpected: 0 });
  }, 120_000);
});
