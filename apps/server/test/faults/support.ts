import { type ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { type Server, type Socket, createConnection, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { deviceTopics } from '@cellsight/contract';
import { loggerMqttPassword } from '@cellsight/contract/device-crypto';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { freePort } from '../support/mosquitto.js';

/** Helpers of the fault tests: the server as a child process, a load fleet, databases, a TCP proxy. */

export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');
export const faultAdminPassword = 'Faults12345';

// ---------------------------------------------------------------------------------------------
// The server as a child process
// ---------------------------------------------------------------------------------------------

export interface ServerProcessOptions {
  dataDir: string;
  /** HTTP port; keep it across restarts (the external-broker session id contains it). */
  port: number;
  /** Embedded broker port (ignored with mqttUrl). */
  mqttPort: number;
  databaseUrl?: string;
  mqttUrl?: string;
  env?: Record<string, string>;
}

export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Everything it wrote (pino JSON lines and anything else), for failure messages. */
  output(): string;
  exited(): boolean;
  /** SIGKILL: no shutdown hooks, no drain, sockets reset by the kernel. */
  kill(): Promise<void>;
  /** SIGTERM: graceful shutdown (stops reading, stores what is queued, closes). */
  stop(): Promise<void>;
}

export async function startServerProcess(options: ServerProcessOptions, readyTimeoutMs = 60_000): Promise<ServerProcess> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    ADMIN_PASSWORD: faultAdminPassword,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '1000',
    MQTT_PORT: String(options.mqttPort),
    MQTT_HOST: '127.0.0.1',
    // Empty means "not set" to the config module; never inherit the developer's settings.
    DATABASE_URL: options.databaseUrl ?? '',
    MQTT_URL: options.mqttUrl ?? '',
    WEB_DIST: join(options.dataDir, 'no-web'),
    DEMO: '',
    ...options.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  const exit = new Promise<void>((done) => child.once('exit', () => ((exited = true), done())));
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (exited) throw new Error(`the server exited before it was ready:\n${output}`);
    try {
      const response = await fetch(`${url}/boot/sys/public/config`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not ready within ${readyTimeoutMs} ms:\n${output}`);
    }
    await sleep(100);
  }
  const signal = async (name: NodeJS.Signals, graceMs: number) => {
    if (exited) return;
    child.kill(name);
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exit;
    clearTimeout(timer);
  };
  return {
    url,
    pid: child.pid ?? 0,
    child,
    output: () => output,
    exited: () => exited,
    kill: () => signal('SIGKILL', 5_000),
    stop: () => signal('SIGTERM', 20_000),
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const post = async (url: string, body: unknown, token?: string) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'tenant-id': '0', ...(token ? { 'x-access-token': token } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success: boolean; message: string; result: unknown };
  if (!envelope.success) throw new Error(`${url}: ${envelope.message}`);
  return envelope.result;
};

/** Signs in as admin and registers the loggers. */
export async function registerLoggers(serverUrl: string, loggers: readonly { gsn: string; key: string }[]): Promise<void> {
  const login = (await post(`${serverUrl}/boot/sys/login`, { username: 'admin', password: faultAdminPassword })) as { token: string };
  await post(`${serverUrl}/boot/want/logger/registerBatch`, { loggers: loggers.map(({ gsn, key }) => ({ gsn, key, timezone: 'UTC' })) }, login.token);
}

// ---------------------------------------------------------------------------------------------
// A fleet of publishing loggers that keeps count of every sample
// ---------------------------------------------------------------------------------------------

export interface FleetLogger {
  gsn: string;
  key: string;
  batterySns: string[];
}

export const fleet = (prefix: string, loggers: number, batteries: number): FleetLogger[] =>
  Array.from({ length: loggers }, (_, i) => {
    const gsn = `${prefix}${String(i + 1).padStart(4, '0')}`;
    return { gsn, key: `key-${gsn.toLowerCase()}`, batterySns: Array.from({ length: batteries }, (_, b) => `${gsn}-B${b + 1}`) };
  });

export interface LoadOptions {
  mqttUrl: string;
  loggers: readonly FleetLogger[];
  messagesPerLogger: number;
  /** Samples per battery per message; a message holds batteries x this many samples. */
  samplesPerBattery: number;
  /** Unacknowledged messages per logger (device protocol: about 20). */
  inflight: number;
  /** Timestamp of the first sample; every sample gets a distinct (battery, ts). */
  baseTs: number;
}

export interface Load {
  /** Resolves when every message got its PUBACK. */
  finished: Promise<void>;
  /** Samples in messages handed to the client (published or waiting for a reconnect). */
  attempted(): number;
  /** Samples in messages that got a PUBACK. */
  acked(): number;
  /** `battery|ts` of every attempted / acknowledged sample. */
  attemptedKeys(): string[];
  ackedKeys(): string[];
  /** Times (Date.now()) of every PUBACK, in order. */
  ackTimes(): number[];
  /** Connection losses seen by the clients. */
  disconnects(): number;
  close(): Promise<void>;
}

const sampleJson = (batterySn: string, ts: number): string =>
  JSON.stringify({
    ts,
    batterySn,
    state: 'charge',
    status: 'normal',
    soc: 55.5,
    soh: 97,
    cycles: 321,
    voltage: 52.1,
    current: 12.5,
    power: 651.25,
    temperature: 27.5,
    chargeEnergyToday: 3.2,
    dischargeEnergyToday: 1.1,
    relays: { main: true, charge: true, discharge: true },
    role: 'master',
    workMode: 'auto',
    cellVoltages: Array.from({ length: 16 }, (_, i) => 3.25 + i / 1000),
    cellTemperatures: [26, 27, 27.5, 26.5],
  });

/**
 * Loggers as the protocol describes them: clean session 0, fixed client id, QoS 1, a bounded
 * in-flight window, automatic reconnect every 500 ms; mqtt.js keeps unacknowledged messages and
 * re-sends them after a reconnect (DUP). Every sample is a distinct (battery, ts).
 */
export async function startLoad(options: LoadOptions): Promise<Load> {
  const clients: MqttClient[] = [];
  const attemptedKeys: string[] = [];
  const ackedKeys: string[] = [];
  const ackTimes: number[] = [];
  let disconnects = 0;
  let doneMessages = 0;
  const totalMessages = options.loggers.length * options.messagesPerLogger;
  let finish: (() => void) | null = null;
  let fail: ((error: Error) => void) | null = null;
  const finished = new Promise<void>((resolveFinished, rejectFinished) => {
    finish = resolveFinished;
    fail = rejectFinished;
  });

  await Promise.all(
    options.loggers.map(
      (logger) =>
        new Promise<void>((connected, failed) => {
          const client = mqtt.connect(options.mqttUrl, {
            clientId: logger.gsn,
            username: logger.gsn,
            password: loggerMqttPassword(logger.gsn, logger.key),
            protocolVersion: 4,
            clean: false,
            keepalive: 30,
            reconnectPeriod: 500,
            // A logger retries after a refused CONNECT too (the platform cannot check credentials while its database is down).
            reconnectOnConnackError: true,
            connectTimeout: 5_000,
            will: { topic: deviceTopics.state(logger.gsn), payload: Buffer.from('{"v":1,"online":false}'), qos: 1, retain: true },
          });
          clients.push(client);
          client.on('error', () => undefined); // connection refused while the server restarts: keep retrying
          client.on('close', () => disconnects++);
          client.once('connect', () => connected());
          setTimeout(() => failed(new Error(`${logger.gsn} could not connect`)), 10_000).unref();
        }),
    ),
  );

  options.loggers.forEach((logger, index) => {
    const client = clients[index] as MqttClient;
    const topic = deviceTopics.telemetry(logger.gsn);
    let next = 0;
    let inflight = 0;
    const pump = () => {
      while (inflight < options.inflight && next < options.messagesPerLogger) {
        const seq = next++;
        const keys: string[] = [];
        const parts: string[] = [];
        for (let r = 0; r < options.samplesPerBattery; r++) {
          const ts = options.baseTs + seq * options.samplesPerBattery + r;
          for (const sn of logger.batterySns) {
            keys.push(`${sn}|${ts}`);
            parts.push(sampleJson(sn, ts));
          }
        }
        attemptedKeys.push(...keys);
        inflight++;
        client.publish(topic, `{"v":1,"seq":${seq},"samples":[${parts.join(',')}]}`, { qos: 1 }, (error) => {
          inflight--;
          if (error) {
            fail?.(new Error(`${logger.gsn} message ${seq}: ${error.message}`));
            return;
          }
          ackedKeys.push(...keys);
          ackTimes.push(Date.now());
          if (++doneMessages === totalMessages) finish?.();
          pump();
        });
      }
    };
    pump();
  });

  return {
    finished,
    attempted: () => attemptedKeys.length,
    acked: () => ackedKeys.length,
    attemptedKeys: () => [...attemptedKeys],
    ackedKeys: () => [...ackedKeys],
    ackTimes: () => [...ackTimes],
    disconnects: () => disconnects,
    close: async () => {
      await Promise.all(clients.map((client) => client.endAsync(true).catch(() => undefined)));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Databases
// ---------------------------------------------------------------------------------------------

/** A new empty database on the PostgreSQL server named by TEST_DATABASE_URL. */
export async function createPostgresDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** `battery|ts` of every stored sample of the given batteries (PostgreSQL). */
export async function storedKeysPostgres(url: string, batteryPrefix: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ k: string }>(
      `select battery_sn || '|' || (extract(epoch from ts) * 1000)::bigint as k from tb_battery_sample where battery_sn like $1`,
      [`${batteryPrefix}%`],
    );
    return result.rows.map((row) => row.k);
  } finally {
    await client.end();
  }
}

/** Compares what was published with what is stored. */
export function compareKeys(stored: string[], attempted: string[], acked: string[]) {
  const storedSet = new Set(stored);
  const attemptedSet = new Set(attempted);
  return {
    stored: stored.length,
    distinctStored: storedSet.size,
    attempted: attemptedSet.size,
    ackedMissing: acked.filter((k) => !storedSet.has(k)).length,
    attemptedMissing: [...attemptedSet].filter((k) => !storedSet.has(k)).length,
    unexpected: stored.filter((k) => !attemptedSet.has(k)).length,
  };
}

// ---------------------------------------------------------------------------------------------
// A TCP proxy that can cut the connection to the database
// ---------------------------------------------------------------------------------------------

export interface TcpProxy {
  port: number;
  /** Destroys every open connection and refuses new ones. */
  cut(): void;
  restore(): void;
  connections(): number;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let open = true;
  const server: Server = createServer((downstream) => {
    if (!open) return downstream.destroy();
    const upstream = createConnection({ host: targetHost, port: targetPort });
    sockets.add(downstream);
    sockets.add(upstream);
    const drop = () => {
      downstream.destroy();
      upstream.destroy();
      sockets.delete(downstream);
      sockets.delete(upstream);
    };
    downstream.on('error', drop);
    upstream.on('error', drop);
    downstream.on('close', drop);
    upstream.on('close', drop);
    downstream.pipe(upstream);
    upstream.pipe(downstream);
  });
  const port = await freePort();
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return {
    port,
    cut() {
      open = false;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    restore() {
      open = true;
    },
    connections: () => sockets.size / 2,
    close: () =>
      new Promise<void>((done) => {
        open = false;
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}

/** `battery|ts` of every stored sample of the given batteries, read from a stopped server's PGlite folder. */
export async function storedKeysPglite(dataDir: string, batteryPrefix: string): Promise<string[]> {
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite(join(dataDir, 'pgdata'));
  try {
    await client.waitReady;
    const result = await client.query<{ k: string }>(
      `select battery_sn || '|' || (extract(epoch from ts) * 1000)::bigint as k from tb_battery_sample where battery_sn like $1`,
      [`${batteryPrefix}%`],
    );
    return result.rows.map((row) => row.k);
  } finally {
    await client.close();
  }
}

/** Stored samples of the given batteries (PostgreSQL). */
export async function countStoredPostgres(url: string, batteryPrefix: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>(`select count(*) as n from tb_battery_sample where battery_sn like $1`, [`${batteryPrefix}%`]);
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}
