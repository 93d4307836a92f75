import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { deploySettings } from '../../../../scripts/lib/mosquitto-settings.mjs';

/**
 * A private Mosquitto for tests: its own port, its own persistence folder, and the queue and flow
 * settings of the deployment config (docs/deploy/mosquitto.conf), read from that file so the tests
 * exercise what production runs. Never the machine's own broker on 1883: that one has the default
 * queue limit of 1000 messages per client and silently drops QoS 1 messages beyond it.
 */
export const mosquittoBinary = '/usr/sbin/mosquitto';
export const hasMosquitto = existsSync(mosquittoBinary);

/** The `name value` lines of the deployment config that the tests reuse (shared with the benchmark). */
export { deploySettings };

/** A port nobody listens on right now (the OS picks it). */
export const freePort = (): Promise<number> =>
  new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });

/** Resolves once something accepts TCP connections on the port. */
export const waitForPort = async (port: number, timeoutMs = 10_000, alive: () => boolean = () => true): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((done) => {
      const socket = createConnection({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        done(true);
      });
      socket.once('error', () => done(false));
    });
    if (open) return;
    if (!alive()) throw new Error(`the process that should listen on port ${port} has exited`);
    if (Date.now() > deadline) throw new Error(`nothing accepts connections on port ${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

export interface MosquittoOptions {
  /** Default: a free port. */
  port?: number;
  /** Folder for the config, persistence and log; default a new temp folder (removed by stop()). */
  dir?: string;
  /** Extra config lines. */
  extra?: string[];
  /**
   * Run the dynamic-security plugin with this configuration (the plugin's JSON: clients with
   * hashed passwords, roles, default ACL access), written to `dynamic-security.json` in the
   * folder; anonymous access is then off. Without it anyone may connect (no accounts).
   */
  dynsec?: object;
}

export const dynsecPlugin = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';

export const dynsecAdmin = { username: 'cs-dynsec', password: 'dynsec-admin-pass-1' };
export const platform = { username: 'cellsight', password: 'platform-pass-1' };

/** A dynsec client entry with its password hashed as the plugin stores it (PBKDF2-SHA512, base64 salt). */
const hashedClient = (username: string, password: string, roles: string[]) => {
  const salt = randomBytes(12);
  return {
    username,
    salt: salt.toString('base64'),
    iterations: 101,
    password: pbkdf2Sync(password, salt, 101, 64, 'sha512').toString('base64'),
    roles: roles.map((rolename) => ({ rolename })),
  };
};

/** What an operator sets up once (docs/deploy/mosquitto.conf, Option A): the dynsec admin, the platform account, default deny. */
export const dynsecConfig = {
  clients: [hashedClient(dynsecAdmin.username, dynsecAdmin.password, ['dynsec-admin']), hashedClient(platform.username, platform.password, ['cellsight-platform'])],
  roles: [
    {
      rolename: 'dynsec-admin',
      acls: [
        { acltype: 'publishClientSend', topic: '$CONTROL/dynamic-security/#', allow: true },
        { acltype: 'publishClientReceive', topic: '$CONTROL/dynamic-security/#', allow: true },
        { acltype: 'subscribePattern', topic: '$CONTROL/dynamic-security/#', allow: true },
      ],
    },
    {
      rolename: 'cellsight-platform',
      acls: [
        { acltype: 'subscribePattern', topic: '$share/cellsight/cs/v1/+/+', allow: true },
        { acltype: 'publishClientReceive', topic: 'cs/v1/+/+', allow: true },
        { acltype: 'publishClientSend', topic: 'cs/v1/+/cmd', allow: true },
      ],
    },
  ],
  defaultACLAccess: { publishClientSend: false, publishClientReceive: true, subscribe: false, unsubscribe: true },
};

/** The platform's settings for a broker started with `dynsec: dynsecConfig`: it signs in as the platform and manages logger accounts. */
export const managedAccountsEnv = (broker: { url: string }): Record<string, string> => ({
  MQTT_URL: broker.url,
  MQTT_USERNAME: platform.username,
  MQTT_PASSWORD: platform.password,
  MQTT_DYNSEC_USERNAME: dynsecAdmin.username,
  MQTT_DYNSEC_PASSWORD: dynsecAdmin.password,
});

export interface Mosquitto {
  port: number;
  url: string;
  dir: string;
  pid: number;
  child: ChildProcess;
  /** The broker's log so far (for failure messages). */
  log(): string;
  /** SIGTERM (Mosquitto saves its persistence file), wait for exit; removes the folder it created. */
  stop(options?: { keepDir?: boolean }): Promise<void>;
}

export async function startMosquitto(options: MosquittoOptions = {}): Promise<Mosquitto> {
  if (!hasMosquitto) throw new Error(`${mosquittoBinary} is not installed`);
  const port = options.port ?? (await freePort());
  const ownDir = options.dir === undefined;
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'cellsight-mosquitto-'));
  const configPath = join(dir, 'mosquitto.conf');
  const logPath = join(dir, 'mosquitto.log');
  const lines = [
    '# generated by apps/server/test/support/mosquitto.ts',
    'per_listener_settings false',
    `listener ${port} 127.0.0.1`,
    'protocol mqtt',
    // Tests have no per-logger accounts unless they ask for the dynamic-security plugin (docs/deploy/mosquitto.conf).
    ...(options.dynsec
      ? ['allow_anonymous false', `plugin ${dynsecPlugin}`, `plugin_opt_config_file ${join(dir, 'dynamic-security.json')}`]
      : ['allow_anonymous true']),
    'persistence true',
    `persistence_location ${dir}/`,
    // Run as root, Mosquitto would switch to the `mosquitto` user, which cannot write the temp folder.
    `user ${userInfo().username}`,
    `log_dest file ${logPath}`,
    'log_type error',
    'log_type warning',
    'log_type notice',
    ...deploySettings(),
    ...(options.extra ?? []),
  ];
  if (options.dynsec) writeFileSync(join(dir, 'dynamic-security.json'), JSON.stringify(options.dynsec));
  writeFileSync(configPath, `${lines.join('\n')}\n`);
  const child = spawn(mosquittoBinary, ['-c', configPath], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let exited = false;
  const exit = new Promise<void>((done) => child.once('exit', () => ((exited = true), done())));
  const log = () => {
    try {
      return `${stderr}${readFileSync(logPath, 'utf8')}`;
    } catch {
      return stderr;
    }
  };
  try {
    await waitForPort(port, 10_000, () => !exited);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`mosquitto did not start: ${(error as Error).message}\n${log()}`);
  }
  return {
    port,
    url: `mqtt://127.0.0.1:${port}`,
    dir,
    pid: child.pid ?? 0,
    child,
    log,
    async stop({ keepDir = false } = {}) {
      if (!exited) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exit;
        clearTimeout(timer);
      }
      if (ownDir && !keepDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
