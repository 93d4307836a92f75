import net from 'node:net';
import { deviceTopics, parseDeviceTopic, type CommandMessage } from '@cellsight/contract';
import { loggerMqttPassword, loggerSigningKey, sameSecret, signCommand } from '@cellsight/contract/device-crypto';
import { Aedes, type AedesPublishPacket } from 'aedes';
import { type LoggerCredentials } from '../credentials.js';

/**
 * An in-process aedes broker that enforces what the platform enforces (credentials, per-logger
 * topic ACL) and records every message, for the integration tests.
 */
export interface RecordedMessage {
  gsn: string;
  kind: string;
  payload: Record<string, unknown>;
  retain: boolean;
  at: number;
}

export interface TestBroker {
  url: string;
  messages: RecordedMessage[];
  refusedConnects: string[];
  /** Signs and sends a command the way the platform does. */
  sendCommand(credentials: LoggerCredentials, fields: Omit<CommandMessage, 'v' | 'sign' | 'nonce' | 'ts'> & { nonce?: string; ts?: number }, tamper?: boolean): Promise<CommandMessage>;
  close(): Promise<void>;
}

let nonceCounter = 0;

export const startTestBroker = async (known: readonly LoggerCredentials[]): Promise<TestBroker> => {
  const broker = await Aedes.createBroker();
  const passwords = new Map(known.map((c) => [c.gsn, loggerMqttPassword(c.gsn, c.key)]));
  const messages: RecordedMessage[] = [];
  const refusedConnects: string[] = [];

  broker.authenticate = (client, username, password, done) => {
    const expected = passwords.get(client.id);
    if (username === client.id && expected && password && sameSecret(password.toString(), expected)) {
      done(null, true);
      return;
    }
    refusedConnects.push(client.id);
    done(Object.assign(new Error('not authorized'), { returnCode: 5 }), false);
  };
  broker.authorizePublish = (client, packet, done) => {
    if (!client) return done(null);
    const topic = parseDeviceTopic(packet.topic);
    done(topic && topic.gsn === client.id && topic.kind !== 'cmd' ? null : new Error(`publish to ${packet.topic} refused`));
  };
  broker.authorizeSubscribe = (client, subscription, done) => {
    done(null, client && subscription.topic === deviceTopics.command(client.id) ? subscription : null);
  };
  // A server-side subscription sees everything, wills included.
  await new Promise<void>((resolve) => {
    broker.subscribe(
      'cs/v1/#',
      (packet: AedesPublishPacket, cb: () => void) => {
        const topic = parseDeviceTopic(packet.topic);
        if (topic && topic.kind !== 'cmd') {
          messages.push({ gsn: topic.gsn, kind: topic.kind, payload: JSON.parse(packet.payload.toString()) as Record<string, unknown>, retain: packet.retain, at: Date.now() });
        }
        cb();
      },
      resolve,
    );
  });

  const server = net.createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    url: `mqtt://127.0.0.1:${port}`,
    messages,
    refusedConnects,
    sendCommand: (credentials, fields, tamper = false) => {
      const unsigned = { v: 1 as const, nonce: `test-nonce-${Date.now()}-${++nonceCounter}`, ts: Date.now(), ...fields };
      const command: CommandMessage = { ...unsigned, sign: signCommand(unsigned, loggerSigningKey(credentials.gsn, credentials.key)) };
      const sent = tamper ? { ...command, val: `${command.val} ` } : command;
      return new Promise((resolve, reject) => {
        broker.publish(
          { cmd: 'publish', topic: deviceTopics.command(credentials.gsn), payload: Buffer.from(JSON.stringify(sent)), qos: 1, retain: false, dup: false },
          (error) => (error ? reject(error) : resolve(command)),
        );
      });
    },
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

/** Polls until `predicate` holds. */
export const waitFor = async (predicate: () => boolean, what: string, timeoutMs = 5000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
