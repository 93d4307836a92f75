import { deviceTopics } from '@cellsight/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { MqttClient } from 'mqtt';

/** Where Mosquitto's dynamic-security plugin takes commands, and where it answers. */
const controlTopic = '$CONTROL/dynamic-security/v1';
const responseTopic = `${controlTopic}/response`;
/**
 * Commands per message are bounded by size, not count: the deployment's max_packet_size
 * (300000 bytes, docs/deploy/mosquitto.conf) applies to this connection too.
 */
const maxMessageBytes = 100_000;
/** Clients read per listClients page. */
const listPageSize = 500;
const answerTimeoutMs = 15_000;

/** The dynsec role of one logger: only its own topics (2.0 ACLs take no %u/%c substitution). */
export const loggerRoleName = (gsn: string): string => `cellsight-logger-${gsn}`;

/** A logger's account as Mosquitto holds it (passwords are never read back; `tag` says which one was set). */
export interface LoggerAccount {
  gsn: string;
  clientid: string | null;
  roles: string[];
  /** The `textdescription` the platform wrote with the password. */
  tag: string | null;
}

/** What to do to one logger's account. `create` also creates its role; `update` re-binds the client and sets the password. */
export interface AccountChange {
  kind: 'create' | 'update';
  gsn: string;
  password: string;
  tag: string;
}

interface DynsecCommand {
  command: string;
  correlationData?: string;
  [field: string]: unknown;
}

interface DynsecResponse {
  command: string;
  error?: string;
  correlationData?: string;
  data?: unknown;
}

export class BrokerAccountsError extends Error {
  override name = 'BrokerAccountsError';
}

export interface BrokerAccountsOptions {
  url: string;
  username: string;
  password: string;
  clientId: string;
  log: FastifyBaseLogger;
}

const roleCommand = (gsn: string): DynsecCommand => ({
  command: 'createRole',
  rolename: loggerRoleName(gsn),
  textdescription: 'Cellsight logger: its own topics only',
  acls: [
    ...[deviceTopics.telemetry, deviceTopics.status, deviceTopics.events, deviceTopics.ack, deviceTopics.state].map((topic) => ({ acltype: 'publishClientSend', topic: topic(gsn), allow: true })),
    { acltype: 'subscribeLiteral', topic: deviceTopics.command(gsn), allow: true },
    // Explicit, so an operator's stricter default (publishClientReceive deny) still lets commands through.
    { acltype: 'publishClientReceive', topic: deviceTopics.command(gsn), allow: true },
  ],
});

/**
 * Logger accounts in Mosquitto's dynamic-security plugin, over its own small MQTT connection with
 * the dynsec admin account: JSON commands to `$CONTROL/dynamic-security/v1`, answers (in order,
 * one answer message per command message) on `.../response`. Each logger is a client with user
 * name = gsn, bound to client id = gsn (another client id is refused at CONNECT), with a role that
 * allows its own topics only. Mosquitto drops a client's connection whenever its account changes.
 */
export const createBrokerAccountsRepository = (options: BrokerAccountsOptions) => {
  let client: MqttClient | null = null;
  let sequence = 0;
  const waiting = new Map<string, { resolve: (response: DynsecResponse) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>();
  const connectListeners: (() => void)[] = [];

  const failAll = (error: Error) => {
    for (const [id, entry] of waiting) {
      clearTimeout(entry.timer);
      entry.reject(error);
      waiting.delete(id);
    }
  };

  const onMessage = (_topic: string, payload: Buffer) => {
    let responses: DynsecResponse[];
    try {
      responses = (JSON.parse(payload.toString()) as { responses?: DynsecResponse[] }).responses ?? [];
    } catch {
      return options.log.warn('unreadable answer from the dynamic-security plugin');
    }
    for (const response of responses) {
      const entry = response.correlationData === undefined ? undefined : waiting.get(response.correlationData);
      if (!entry || response.correlationData === undefined) continue;
      clearTimeout(entry.timer);
      waiting.delete(response.correlationData);
      entry.resolve(response);
    }
  };

  /** Sends commands in as few messages as their size allows; answers come back in the same order. */
  const run = async (commands: DynsecCommand[]): Promise<DynsecResponse[]> => {
    const connection = client;
    if (!connection?.connected) throw new BrokerAccountsError(`not connected to the broker's dynamic-security plugin at ${options.url}`);
    const answers: Promise<DynsecResponse>[] = [];
    let batch: string[] = [];
    let bytes = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      const message = `{"commands":[${batch.join(',')}]}`;
      batch = [];
      bytes = 0;
      await connection.publishAsync(controlTopic, message, { qos: 1 });
    };
    for (const command of commands) {
      const correlationData = `cs-${++sequence}`;
      answers.push(
        new Promise((resolve, reject) => {
          const timer = setTimeout(() => {
            waiting.delete(correlationData);
            reject(new BrokerAccountsError(`the dynamic-security plugin did not answer ${command.command} within ${answerTimeoutMs} ms`));
          }, answerTimeoutMs);
          waiting.set(correlationData, { resolve, reject, timer });
        }),
      );
      const text = JSON.stringify({ ...command, correlationData });
      if (bytes + text.length > maxMessageBytes) await flush();
      batch.push(text);
      bytes += text.length + 1;
    }
    await flush();
    return Promise.all(answers);
  };

  /** Throws on the first refusal that is not expected. */
  const check = (responses: DynsecResponse[], tolerated: (response: DynsecResponse) => boolean = () => false) => {
    const refused = responses.find((response) => response.error !== undefined && !tolerated(response));
    if (refused) throw new BrokerAccountsError(`the dynamic-security plugin refused ${refused.command}: ${refused.error}`);
  };

  const toAccount = (raw: { username?: string; clientid?: string; textdescription?: string; roles?: { rolename: string }[] }): LoggerAccount => ({
    gsn: raw.username ?? '',
    clientid: raw.clientid ?? null,
    roles: (raw.roles ?? []).map((role) => role.rolename),
    tag: raw.textdescription ?? null,
  });

  return {
    /** Connects (and keeps reconnecting); `onConnect` listeners run at each connection. */
    async start(): Promise<void> {
      // mqtt.js loads only where the broker's accounts are managed (Mosquitto's dynamic security).
      const { default: mqtt } = await import('mqtt');
      return new Promise((resolve, reject) => {
        const connection = mqtt.connect(options.url, {
          clientId: options.clientId,
          username: options.username,
          password: options.password,
          protocolVersion: 4,
          clean: true,
          reconnectPeriod: 2_000,
          connectTimeout: 10_000,
        });
        client = connection;
        let first = true;
        connection.on('message', onMessage);
        connection.on('connect', () => {
          void connection.subscribeAsync(responseTopic, { qos: 1 }).then(
            () => {
              if (first) resolve();
              first = false;
              for (const listener of connectListeners) listener();
            },
            (error: unknown) => options.log.error({ err: error }, 'could not subscribe to the dynamic-security answers'),
          );
        });
        // Start fails loudly when the broker cannot be used at all (wrong admin account, nothing there).
        const refuse = (reason: string) => {
          if (!first) return;
          first = false;
          connection.end(true);
          reject(new BrokerAccountsError(`cannot use the dynamic-security plugin at ${options.url} as ${options.username}: ${reason}`));
        };
        connection.on('close', () => {
          failAll(new BrokerAccountsError('connection to the dynamic-security plugin lost'));
          refuse('the connection closed');
        });
        connection.on('error', (error) => {
          options.log.warn({ err: error }, 'dynamic-security connection error');
          refuse(error.message);
        });
      });
    },

    onConnect(listener: () => void): void {
      connectListeners.push(listener);
    },

    /** Every client of the plugin whose user name is one of `gsns`, or (without `gsns`) every client. */
    async accounts(gsns?: string[]): Promise<Map<string, LoggerAccount>> {
      const found = new Map<string, LoggerAccount>();
      if (gsns) {
        const responses = await run(gsns.map((gsn) => ({ command: 'getClient', username: gsn })));
        check(responses, (response) => response.error === 'Client not found');
        for (const response of responses) {
          const raw = (response.data as { client?: Parameters<typeof toAccount>[0] } | undefined)?.client;
          if (raw) found.set(raw.username ?? '', toAccount(raw));
        }
        return found;
      }
      for (let offset = 0; ; offset += listPageSize) {
        const [response] = await run([{ command: 'listClients', verbose: true, count: listPageSize, offset }]);
        if (response) check([response]);
        const page = (response?.data as { clients?: Parameters<typeof toAccount>[0][]; totalCount?: number } | undefined) ?? {};
        for (const raw of page.clients ?? []) found.set(raw.username ?? '', toAccount(raw));
        if ((page.clients ?? []).length < listPageSize) return found;
      }
    },

    /** Creates and updates logger accounts. Creating one that exists meanwhile (another server) is not an error. */
    async apply(changes: AccountChange[]): Promise<void> {
      const commands = changes.flatMap((change): DynsecCommand[] => {
        const account = { username: change.gsn, clientid: change.gsn, password: change.password, textdescription: change.tag, roles: [{ rolename: loggerRoleName(change.gsn) }] };
        return change.kind === 'create' ? [roleCommand(change.gsn), { command: 'createClient', ...account }] : [roleCommand(change.gsn), { command: 'modifyClient', ...account }];
      });
      check(await run(commands), (response) => response.error === 'Role already exists' || response.error === 'Client already exists');
    },

    async close(): Promise<void> {
      failAll(new BrokerAccountsError('closing'));
      await client?.endAsync();
      client = null;
    },
  };
};

export type BrokerAccountsRepository = ReturnType<typeof createBrokerAccountsRepository>;
