import { type Server, type Socket, createServer } from 'node:net';
import { deviceTopics, maxPacketBytes, parseDeviceTopic } from '@cellsight/contract';
import { Aedes } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import * as mqttPacket from 'mqtt-packet';
import type { ConnectAttempt, ConnectVerdict } from '../state/logger-connect.service.js';
import type { DeviceTransport, UplinkHandler } from './device-transport.js';

export interface EmbeddedBrokerOptions {
  port: number;
  host: string;
  handler: UplinkHandler;
  /** Checks a logger's CONNECT (user name = client id = gsn, its address's budget); throws when it cannot check now. */
  checkConnect: (attempt: ConnectAttempt) => Promise<ConnectVerdict>;
  log: FastifyBaseLogger;
}

export class BrokerPortInUseError extends Error {
  constructor(port: number) {
    super(
      `MQTT port ${port} is already in use, probably by another broker. Either give the embedded broker a free port ` +
        `(MQTT_PORT=1884), or use the broker that is running there (MQTT_URL=mqtt://127.0.0.1:${port}).`,
    );
    this.name = 'BrokerPortInUseError';
  }
}

/** What aedes keeps of each connection's packet parser (mqtt-packet), which its types do not show. */
interface PacketParser {
  packet: { length: number };
  _parseLength(): boolean;
  _emitError(error: Error): void;
}

/**
 * Makes a connection's parser refuse a packet whose announced length is over `maxPacketBytes` as
 * soon as the length is read, as Mosquitto's `max_packet_size` does: the client gets an error and
 * its connection closes, and the broker never buffers the body (aedes has no such limit itself).
 */
const limitPacketSize = (parser: PacketParser, onTooLarge: (bytes: number) => void) => {
  const parseLength = parser._parseLength.bind(parser);
  parser._parseLength = () => {
    const read = parseLength();
    if (read && parser.packet.length > maxPacketBytes) {
      onTooLarge(parser.packet.length);
      parser._emitError(new Error(`packet of ${parser.packet.length} bytes is over the ${maxPacketBytes}-byte limit`));
      return false;
    }
    return read;
  };
};

/**
 * CONNACK return codes (MQTT 3.1.1), one per cause as the device protocol documents them (2.2) and
 * as Mosquitto with its dynamic-security accounts answers: every credential problem (unknown
 * logger, wrong password, client id other than the gsn, no user name) is 5 "not authorized"; 3
 * "server unavailable" means the platform could not check right now (the database, or the
 * address's budget of refused CONNECTs), so retrying later is right; 1 is a protocol level other
 * than 3.1.1 (aedes itself answers MQTT 5 so, and would accept MQTT 3.1).
 */
const unacceptableProtocolVersion = 1;
const serverUnavailable = 3;
const notAuthorized = 5;
/** MQTT 3.1.1 is protocol level 4; aedes speaks 3 (MQTT 3.1) too, which the device protocol does not name. */
const mqtt311 = 4;

/**
 * The embedded broker (aedes) used when no MQTT_URL is set. Loggers authenticate with their
 * serial number and derived password and may touch only their own topics. Uplink messages are
 * handed to the platform inside `authorizePublish`, which aedes awaits before it sends PUBACK,
 * so a logger's message is acknowledged only once it is stored.
 */
export const createEmbeddedBroker = (options: EmbeddedBrokerOptions): DeviceTransport & { readonly address: number } => {
  const broker = new Aedes({ heartbeatInterval: 60_000, connectTimeout: 30_000 });
  let server: Server | null = null;
  let port = options.port;
  let paused = false;
  // aedes clients can pause and resume reading, though its types do not say so.
  type FlowControl = { pause(): void; resume(): void };
  const clients = new Set<FlowControl>();

  // aedes answers a level above 4 itself; MQTT 3.1 (level 3) is answered here as the spec requires
  // ([MQTT-3.1.2-2]: CONNACK 0x01, then the connection closes), the way aedes answers MQTT 5.
  broker.preConnect = (client, packet, done) => {
    if (packet.protocolVersion === mqtt311) return done(null, true);
    const conn = (client as unknown as { conn: Socket }).conn;
    mqttPacket.writeToStream({ cmd: 'connack', returnCode: unacceptableProtocolVersion, sessionPresent: false }, conn);
    setImmediate(() => done(new Error(`MQTT protocol level ${packet.protocolVersion} is not accepted`), false));
  };

  broker.authenticate = (client, username, password, done) => {
    const refuse = (code: number) => done(Object.assign(new Error('not authorized'), { returnCode: code }), false);
    const address = (client as unknown as { conn: Socket }).conn.remoteAddress;
    options.checkConnect({ address, clientId: client.id, username, password: password?.toString() }).then(
      (verdict) => (verdict === 'accepted' ? done(null, true) : refuse(verdict === 'limited' ? serverUnavailable : notAuthorized)),
      (error: unknown) => {
        options.log.error({ err: error }, 'could not check logger credentials');
        refuse(serverUnavailable);
      },
    );
  };

  broker.authorizePublish = (client, packet, done) => {
    const gsn = client?.id ?? parseDeviceTopic(packet.topic)?.gsn ?? '';
    const topic = parseDeviceTopic(packet.topic);
    if (!topic || topic.gsn !== gsn || topic.kind === 'cmd') {
      options.handler.refused(gsn || 'unknown', packet.topic);
      // aedes closes the connection of a client whose publish is refused.
      return done(new Error(`topic ${packet.topic} is not allowed`));
    }
    const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
    options.handler.message(gsn, topic.kind, payload, (error) => done(error ?? null));
  };

  broker.authorizeSubscribe = (client, subscription, done) => {
    if (subscription.topic === deviceTopics.command(client.id)) return done(null, subscription);
    options.handler.refused(client.id, subscription.topic);
    done(null, null); // refused in the SUBACK (0x80), connection kept
  };

  broker.on('client', (client) => {
    const flow = client as unknown as FlowControl;
    clients.add(flow);
    if (paused) flow.pause();
  });
  broker.on('subscribe', (subscriptions, client) => {
    if (subscriptions.some((s) => s.topic === deviceTopics.command(client.id) && s.qos > 0 && s.qos < 128)) options.handler.subscribed?.(client.id);
  });
  broker.on('clientDisconnect', (client) => {
    clients.delete(client as unknown as FlowControl);
    options.handler.disconnected?.(client.id);
  });

  return {
    kind: 'embedded',
    get address() {
      return port;
    },
    async start() {
      await broker.listen();
      await new Promise<void>((resolve, reject) => {
        server = createServer((socket) => {
          const client = broker.handle(socket, undefined as never) as unknown as { id: string | null; _authorized?: boolean; _parser: PacketParser };
          // aedes sets the id from CONNECT before the password is checked: count against a logger only once it is authenticated.
          limitPacketSize(client._parser, (bytes) => options.handler.tooLarge(client._authorized ? (client.id ?? 'unknown') : 'unknown', bytes));
        });
        server.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'EADDRINUSE' ? new BrokerPortInUseError(options.port) : error));
        server.listen(options.port, options.host, () => {
          const address = server?.address();
          if (address && typeof address === 'object') port = address.port;
          resolve();
        });
      });
    },
    publish(topic, payload) {
      return new Promise((resolve, reject) => {
        broker.publish({ cmd: 'publish', topic, payload, qos: 1, retain: false, dup: false }, (error) => (error ? reject(error) : resolve()));
      });
    },
    pause() {
      paused = true;
      for (const client of clients) client.pause();
    },
    resume() {
      paused = false;
      for (const client of clients) client.resume();
    },
    disconnect(gsn) {
      // aedes keeps its connected clients by id, though its types do not say so.
      (broker as unknown as { clients: Record<string, { close(): void } | undefined> }).clients[gsn]?.close();
    },
    close() {
      return new Promise((resolve) => {
        broker.close(() => {
          if (server) server.close(() => resolve());
          else resolve();
        });
      });
    },
  };
};
