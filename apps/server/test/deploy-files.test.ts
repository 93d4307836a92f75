import { execFile, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import mqtt from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../src/config.js';
import { deploySettings, dynsecPlugin, freePort, mosquittoBinary, waitForPort } from './support/mosquitto.js';
import { itNeeding, mosquittoService } from './support/required-services.js';

/**
 * The deployment files (deploy/): this machine runs no container engine, so what can be checked
 * without one is checked here: the compose file's services agree with each other and with the
 * server's settings, the proxy's configuration is valid for HAProxy and probes readiness, the
 * broker's delivery settings are those of docs/deploy/mosquitto.conf, the accounts the broker is
 * given at first start let the platform in, and the image runs what `npm start` runs.
 */
const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  command?: string[];
  healthcheck?: { test?: string[]; disable?: boolean };
}
const compose = parse(read('deploy/compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;

/** `${NAME:-default}` as compose substitutes it with nothing set: the default. */
const withDefaults = (value: string) => value.replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1');
const appEnv = (name: string) => Object.fromEntries(Object.entries(services[name]?.environment ?? {}).map(([key, value]) => [key, withDefaults(String(value))]));

/** The settings the server reads: the keys of config.ts's schema. */
const settingNames = [...read('apps/server/src/config.ts').matchAll(/^ {2}([A-Z][A-Z0-9_]+): (?:z|flag)\b/gm)].map((match) => match[1]);

describe('deploy/compose.yaml', () => {
  it('runs PostgreSQL, Mosquitto, Redis, two console processes and the proxy', () => {
    expect(Object.keys(services).sort()).toEqual(['app1', 'app2', 'mosquitto', 'mosquitto-init', 'postgres', 'proxy', 'redis']);
    expect(services.app1?.build).toEqual({ context: '..', dockerfile: 'deploy/Dockerfile' });
    expect(services.app2?.image).toBe(services.app1?.image);
  });

  it('gives the console processes only settings the server knows, which it accepts', () => {
    for (const name of ['app1', 'app2']) {
      const env = appEnv(name);
      for (const key of Object.keys(env)) expect(settingNames, `${name}: ${key}`).toContain(key);
      const config = loadConfig(env);
      expect(config.databaseUrl).toBeDefined();
      expect(config.mqtt.url).toBe('mqtt://mosquitto:1883');
      expect(config.redisUrl).toBe('redis://redis:6379');
      expect(config.secretKey).not.toBeNull();
    }
  });

  it('points the processes at the services with the credentials those services are given', () => {
    const env = appEnv('app1');
    const database = new URL(env.DATABASE_URL ?? '');
    const postgres = appEnv('postgres');
    expect([database.hostname, database.port, database.username, database.password, database.pathname]).toEqual(['postgres', '5432', postgres.POSTGRES_USER, postgres.POSTGRES_PASSWORD, `/${postgres.POSTGRES_DB}`]);
    const broker = appEnv('mosquitto-init');
    for (const key of ['MQTT_USERNAME', 'MQTT_PASSWORD', 'MQTT_DYNSEC_USERNAME', 'MQTT_DYNSEC_PASSWORD']) expect(env[key], key).toBe(broker[key]);
    expect(services.mosquitto?.volumes).toContain('./mosquitto/mosquitto.conf:/mosquitto/config/mosquitto.conf:ro');
    expect(services.mosquitto?.depends_on?.['mosquitto-init']?.condition).toBe('service_completed_successfully');
    // The second process starts after the first has migrated the empty database.
    expect(services.app2?.depends_on?.app1?.condition).toBe('service_healthy');
  });

  it('publishes the console through the proxy and the broker for loggers', () => {
    expect(services.proxy?.ports).toEqual(['${HTTP_PUBLISHED_PORT:-8080}:8080']);
    expect(services.mosquitto?.ports).toEqual(['${MQTT_PUBLISHED_PORT:-1883}:1883']);
    expect(services.app1?.ports).toBeUndefined();
  });
});

describe('deploy/haproxy.cfg', () => {
  const config = read('deploy/haproxy.cfg');
  it('balances over both processes, probing /boot/ready, and keeps the metrics inside', () => {
    const port = loadConfig(appEnv('app1')).port;
    expect(config).toMatch(new RegExp(`^ {2}server app1 app1:${port} check$`, 'm'));
    expect(config).toMatch(new RegExp(`^ {2}server app2 app2:${port} check$`, 'm'));
    expect(config).toMatch(/^ {2}option httpchk GET \/boot\/ready$/m);
    expect(config).toMatch(/^ {2}bind :8080$/m);
    expect(config).toMatch(/^ {2}http-request deny deny_status 404 if \{ path_beg \/boot\/metrics \}$/m);
    expect(config).toMatch(/^ {2}timeout tunnel /m);
    expect(services.proxy?.volumes).toContain('./haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro');
  });

  const haproxy = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((path) => existsSync(path));
  it.runIf(haproxy)('is a configuration HAProxy accepts', () => {
    const check = spawnSync(haproxy!, ['-c', '-f', join(repoRoot, 'deploy/haproxy.cfg')], { encoding: 'utf8' });
    expect(check.status, check.stdout + check.stderr).toBe(0);
  });
});

describe('deploy/mosquitto', () => {
  it('runs the delivery and queue settings of docs/deploy/mosquitto.conf', () => {
    const composeSettings = deploySettings(join(repoRoot, 'deploy/mosquitto/mosquitto.conf'));
    expect(composeSettings.sort()).toEqual(deploySettings().sort());
  });

  let work: string | undefined;
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  itNeeding([mosquittoService])('lets the platform in with the accounts written at first start, and nobody else', async () => {
    work = mkdtempSync(join(tmpdir(), 'cellsight-deploy-'));
    const file = join(work, 'dynamic-security.json');
    const env = appEnv('mosquitto-init');
    const run = promisify(execFile);
    await run(process.execPath, [join(repoRoot, 'deploy/mosquitto/dynsec-init.mjs'), file], { env: { ...env, DYNSEC_FILE_OWNER: '' } });
    // A second run keeps the accounts as they are.
    const again = await run(process.execPath, [join(repoRoot, 'deploy/mosquitto/dynsec-init.mjs'), file], { env: { ...env, MQTT_PASSWORD: 'another-password' } });
    expect(again.stdout).toContain('exists');

    // The compose broker's configuration, with this machine's plugin path, a free port and a private folder.
    const port = await freePort();
    const conf = read('deploy/mosquitto/mosquitto.conf')
      .replace(/^listener 1883$/m, `listener ${port} 127.0.0.1`)
      .replace('/usr/lib/mosquitto_dynamic_security.so', dynsecPlugin)
      .replace(/\/mosquitto\/data\//g, `${work}/`)
      .replace(/^log_dest stdout$/m, `log_dest file ${work}/mosquitto.log\nuser ${userInfo().username}`);
    writeFileSync(join(work, 'mosquitto.conf'), conf);
    const broker = spawn(mosquittoBinary, ['-c', join(work, 'mosquitto.conf')], { stdio: 'ignore' });
    try {
      await waitForPort(port, 10_000, () => broker.exitCode === null);
      const connect = (username: string, password: string) =>
        mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { clientId: `deploy-test-${username}`, username, password, reconnectPeriod: 0, protocolVersion: 4, connectTimeout: 5000 });
      const platform = await connect(env.MQTT_USERNAME ?? '', env.MQTT_PASSWORD ?? '');
      const granted = await platform.subscribeAsync(`$share/${env.MQTT_SHARE_GROUP}/cs/v1/+/+`, { qos: 1 });
      expect(granted[0]?.qos).toBe(1);
      // Default deny: the platform's role reads uplinks through the group, nothing else.
      await expect(platform.subscribeAsync('#', { qos: 1 })).rejects.toThrow(/Subscribe error/);
      await platform.endAsync();
      await expect(connect(env.MQTT_USERNAME ?? '', 'wrong-password')).rejects.toThrow(/Not authorized|Bad username or password/);
    } finally {
      broker.kill('SIGTERM');
    }
  });
});

describe('deploy/Dockerfile', () => {
  const dockerfile = read('deploy/Dockerfile');
  it('runs the server as `npm start` does, as a non-root user, checked on /boot/health', () => {
    const start = (JSON.parse(read('apps/server/package.json')) as { scripts: { start: string } }).scripts.start;
    const command = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? '[]') as string[];
    expect(command.join(' ')).toBe(start);
    expect(dockerfile).toMatch(/^WORKDIR \/app\/apps\/server$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/boot\/health/m);
    expect(dockerfile).toMatch(/^RUN npm ci --omit=dev .*-w @cellsight\/server/m);
  });

  it('copies only what exists, and the files the compose services run', () => {
    const sources = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((match) => (match[1] ?? '').split(' '));
    expect(sources.length).toBeGreaterThan(10);
    for (const source of sources) expect(existsSync(join(repoRoot, source)), source).toBe(true);
    expect(sources).toContain('deploy/mosquitto/dynsec-init.mjs');
    expect(services['mosquitto-init']?.command).toEqual(['node', '/app/deploy/mosquitto/dynsec-init.mjs', '/mosquitto/data/dynamic-security.json']);
  });
});

describe('deploy/systemd', () => {
  const analyze = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((path) => existsSync(path));
  it('starts the server from its folder as `npm start` does, stopping with SIGTERM within the shutdown timeout', () => {
    const start = (JSON.parse(read('apps/server/package.json')) as { scripts: { start: string } }).scripts.start.replace(/^node /, '/usr/bin/node ');
    const timeout = loadConfig({}).shutdownTimeoutMs / 1000;
    for (const unit of ['cellsight.service', 'cellsight@.service']) {
      const text = read(`deploy/systemd/${unit}`);
      expect(text, unit).toMatch(new RegExp(`^ExecStart=.*${start.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
      expect(text, unit).toMatch(/^WorkingDirectory=\/opt\/cellsight\/apps\/server$/m);
      expect(text, unit).toMatch(/^KillSignal=SIGTERM$/m);
      expect(Number(/^TimeoutStopSec=(\d+)$/m.exec(text)?.[1]), unit).toBeGreaterThan(timeout);
    }
  });

  it.runIf(analyze)('are units systemd accepts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cellsight-units-'));
    try {
      for (const unit of ['cellsight.service', 'cellsight@.service']) writeFileSync(join(dir, unit), read(`deploy/systemd/${unit}`));
      for (const unit of ['cellsight.service', 'cellsight@8081.service']) {
        const result = spawnSync(analyze!, ['verify', join(dir, unit)], { encoding: 'utf8', cwd: dir });
        // verify also reports what this machine lacks (the cellsight user, /opt/cellsight): only syntax errors count.
        expect(result.stderr, unit).not.toMatch(/Unknown (key|section)|Failed to parse|Invalid/i);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
