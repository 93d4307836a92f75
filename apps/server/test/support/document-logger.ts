import { createHmac, timingSafeEqual } from 'node:crypto';
import { connect as netConnect } from 'node:net';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import * as mqttPacket from 'mqtt-packet';

/**
 * A logger written from docs/device-protocol.md alone, as a firmware vendor would: its secrets,
 * topics, connect sequence, signature check and answers follow the document's text, not the
 * platform's code (nothing here imports the contract), so a test using it fails when the platform
 * and the document part ways.
 */
const hmacHex = (key: string, message: string) => createHmac('sha256', key).update(message, 'utf8').digest('hex');

/** Section 2.1. */
export const documentSecrets = (gsn: string, key: string) => ({ mqttPassword: hmacHex(key, `mqtt:${gsn}`), signingKey: hmacHex(key, `sign:${gsn}`) });

/** Section 8.2: every field but `sign`, sorted by key, as key=value with plain-text values, joined by "&". */
export const documentSigningString = (fields: Record<string, unknown>) =>
  Object.keys(fields)
    .filter((name) => name !== 'sign')
    .sort()
    .map((name) => {
      const value = fields[name];
      return `${name}=${typeof value === 'object' ? JSON.stringify(value) : String(value)}`;
    })
    .join('&');

export const documentSign = (signingKey: string, fields: Record<string, unknown>) => hmacHex(signingKey, documentSigningString(fields));

export interface ReceivedCommand {
  fields: Record<string, unknown> & { id: string; nonce: string; op: string; ts: number };
  signatureValid: boolean;
}

export class DocumentLogger {
  client: MqttClient | null = null;
  readonly received: ReceivedCommand[] = [];
  /** While false the logger takes commands but does not answer them (it "crashes" before acking). */
  answering = true;
  private readonly answered = new Map<string, number>();
  readonly secrets: ReturnType<typeof documentSecrets>;

  constructor(
    readonly port: number,
    readonly gsn: string,
    key: string,
  ) {
    this.secrets = documentSecrets(gsn, key);
  }

  private topic(kind: string) {
    return `cs/v1/${this.gsn}/${kind}`;
  }

  /** Section 2.2 and 2.3: CONNECT with Clean Session 0 and the will, then state online, subscribe cmd, status. */
  async connect(options: IClientOptions = {}): Promise<void> {
    const client = await new Promise<MqttClient>((resolve, reject) => {
      const c = mqtt.connect(`mqtt://127.0.0.1:${this.port}`, {
        protocolVersion: 4,
        clientId: this.gsn,
        username: this.gsn,
        password: this.secrets.mqttPassword,
        clean: false,
        keepalive: 30,
        reconnectPeriod: 0,
        will: { topic: this.topic('state'), payload: Buffer.from('{"v":1,"online":false}'), qos: 1, retain: true },
        ...options,
      });
      c.once('connect', () => resolve(c));
      c.once('error', (error) => {
        c.end(true);
        reject(error);
      });
    });
    this.client = client;
    client.on('message', (topic, payload) => void this.onCommand(topic, payload));
    await client.publishAsync(this.topic('state'), JSON.stringify({ v: 1, online: true, ts: Date.now() }), { qos: 1, retain: true });
    const granted = await client.subscribeAsync(this.topic('cmd'), { qos: 1 });
    if (granted[0]?.qos !== 1) throw new Error(`the broker did not grant QoS 1 on ${this.topic('cmd')}: ${JSON.stringify(granted)}`);
    await this.send('status', { v: 1, ts: Date.now(), signal: -70, firmware: '2.3.0' });
  }

  send(kind: string, payload: unknown, options: { qos?: 0 | 1 | 2; retain?: boolean } = {}): Promise<void> {
    if (!this.client) throw new Error('not connected');
    return this.client
      .publishAsync(this.topic(kind), typeof payload === 'string' ? payload : JSON.stringify(payload), { qos: options.qos ?? 1, retain: options.retain ?? false })
      .then(() => undefined);
  }

  /** Section 8.3, in its order (the checks this test logger needs). */
  private async onCommand(topic: string, payload: Buffer) {
    if (topic !== this.topic('cmd')) return;
    const fields = JSON.parse(payload.toString('utf8')) as ReceivedCommand['fields'] & { sign: string };
    const expected = Buffer.from(documentSign(this.secrets.signingKey, fields), 'hex');
    const given = Buffer.from(String(fields.sign), 'hex');
    const signatureValid = expected.length === given.length && timingSafeEqual(expected, given);
    this.received.push({ fields, signatureValid });
    if (!this.answering) return;
    const repeated = this.answered.get(`${fields.id}/${fields.nonce}`);
    const code = repeated ?? (!signatureValid || Math.abs(Date.now() - fields.ts) > 5 * 60_000 ? 2 : 0);
    this.answered.set(`${fields.id}/${fields.nonce}`, code);
    await this.send('ack', { v: 1, id: fields.id, code });
  }

  /** The connection dies without DISCONNECT (power loss): the broker publishes the will. */
  crash(): void {
    this.client?.stream.destroy();
    this.client?.end(true);
    this.client = null;
  }

  close(): void {
    this.client?.end(true);
    this.client = null;
  }
}

/**
 * The CONNACK code a broker answers a CONNECT with (MQTT 3.1 or 3.1.1 return code, or MQTT 5 reason
 * code), read from the raw packet, so no client library maps or hides it. `localAddress` (another
 * loopback address, 127.0.0.2 and up) is the address the broker sees the CONNECT come from.
 */
export const connackCode = (
  port: number,
  connect: { protocolVersion: 3 | 4 | 5; clientId: string; username?: string; password?: string; localAddress?: string },
): Promise<{ code: number; bytes: string }> =>
  new Promise((resolve, reject) => {
    const socket = netConnect({ host: '127.0.0.1', port, ...(connect.localAddress ? { localAddress: connect.localAddress } : {}) });
    const parser = mqttPacket.parser({ protocolVersion: connect.protocolVersion });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('no CONNACK within 5 s'));
    }, 5_000);
    let bytes = Buffer.alloc(0);
    socket.on('connect', () => {
      socket.write(
        mqttPacket.generate(
          {
            cmd: 'connect',
            // MQTT 3.1 names its protocol MQIsdp.
            protocolId: connect.protocolVersion === 3 ? 'MQIsdp' : 'MQTT',
            protocolVersion: connect.protocolVersion,
            clientId: connect.clientId,
            clean: true,
            keepalive: 30,
            ...(connect.username !== undefined ? { username: connect.username } : {}),
            ...(connect.password !== undefined ? { password: Buffer.from(connect.password) } : {}),
          },
          { protocolVersion: connect.protocolVersion },
        ),
      );
    });
    socket.on('data', (chunk: Buffer) => {
      bytes = Buffer.concat([bytes, chunk]);
      parser.parse(chunk);
    });
    parser.on('packet', (packet) => {
      if (packet.cmd !== 'connack') return;
      clearTimeout(timer);
      socket.destroy();
      resolve({ code: packet.reasonCode ?? packet.returnCode ?? -1, bytes: bytes.toString('hex') });
    });
    // An MQTT 5 parser cannot read a 3.1.1 CONNACK; the raw bytes still tell what was answered.
    parser.on('error', () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ code: bytes.length >= 4 ? (bytes[3] ?? -1) : -1, bytes: bytes.toString('hex') });
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
