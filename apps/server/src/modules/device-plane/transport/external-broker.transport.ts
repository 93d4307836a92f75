import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { parseDeviceTopic, topicRoot, uplinkKinds } from '@cellsight/contract';
import type { FastifyBaseLogger } from 'fastify';
import * as mqttPacket from 'mqtt-packet';
import type { DeviceTransport, UplinkHandler } from './device-transport.js';

export interface ExternalBrokerOptions {
  url: string;
  clientId: string;
  username?: string;
  password?: string;
  shareGroup: string;
  handler: UplinkHandler;
  log: FastifyBaseLogger;
  keepaliveSeconds?: number;
}

interface Inbound {
  messageId: number;
  acked: boolean;
}

/**
 * The platform's own MQTT 3.1.1 client for an external broker (Mosquitto, EMQX), written on
 * mqtt-packet because acknowledgements must wait for the database: mqtt.js handles one incoming
 * message at a time and acknowledges before the next, which would allow one commit per message.
 * Here many messages are in flight, each PUBACK is sent once its samples are durable, and
 * PUBACKs leave in the order the messages came (MQTT-4.6.0-2). The session is persistent
 * (clean = false, stable client id), so what arrives while the server is down waits in the broker.
 * Uplinks are read through a shared subscription, so several servers split the load.
 */
export const createExternalBroker = (options: ExternalBrokerOptions): DeviceTransport => {
  const url = new URL(options.url);
  const port = Number(url.port || (url.protocol === 'mqtts:' ? 8883 : 1883));
  const keepalive = options.keepaliveSeconds ?? 30;
  let socket: Socket | null = null;
  let closed = false;
  let paused = false;
  let nextId = 1;
  let pingTimer: NodeJS.Timeout | null = null;
  let reconnectDelay = 500;
  let inbound: Inbound[] = [];
  const outbound = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  let connected: { resolve: () => void; reject: (error: Error) => void } | null = null;

  const send = (packet: mqttPacket.Packet) => {
    if (socket && !socket.destroyed) socket.write(mqttPacket.generate(packet));
  };
  const messageId = () => {
    nextId = nextId >= 65535 ? 1 : nextId + 1;
    return nextId;
  };

  /**
   * Sends PUBACKs for the leading run of finished messages, keeping arrival order. A committed
   * batch finishes hundreds of messages at once: their PUBACKs (4 bytes each: type, length, id)
   * leave in one write instead of one system call each.
   */
  const flushAcks = () => {
    let count = 0;
    while (count < inbound.length && inbound[count]?.acked) count++;
    if (count === 0) return;
    const acks = Buffer.allocUnsafe(count * 4);
    for (const [index, { messageId: id }] of inbound.splice(0, count).entries()) {
      acks.writeUInt8(0x40, index * 4);
      acks.writeUInt8(0x02, index * 4 + 1);
      acks.writeUInt16BE(id, index * 4 + 2);
    }
    if (socket && !socket.destroyed) socket.write(acks);
  };

  const onPublish = (packet: mqttPacket.IPublishPacket) => {
    const parsed = parseDeviceTopic(packet.topic);
    const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
    const entry: Inbound | null = packet.qos > 0 && packet.messageId !== undefined ? { messageId: packet.messageId, acked: false } : null;
    if (entry) inbound.push(entry);
    const generation = inbound;
    const done = (error?: Error) => {
      // A message handled after a reconnect belongs to the old session: the broker resends it.
      if (!entry || generation !== inbound) return;
      if (error) {
        // Leave it unacknowledged; the broker redelivers it after the next reconnect.
        options.log.warn({ err: error }, 'device message not acknowledged; reconnecting so the broker redelivers it');
        socket?.destroy();
        return;
      }
      entry.acked = true;
      flushAcks();
    };
    if (!parsed || parsed.kind === 'cmd') {
      options.handler.refused(parsed?.gsn ?? 'unknown', packet.topic);
      return done();
    }
    // The broker sets RETAIN only on a retained copy it replays because we (re)subscribed
    // (MQTT-3.3.1-8/9), at every platform start. The live message was processed when it came;
    // only the retained state is the protocol's and still wanted (device protocol 3.1).
    if (packet.retain && parsed.kind !== 'state') return done();
    options.handler.message(parsed.gsn, parsed.kind, payload, done);
  };

  const connectOnce = () =>
    new Promise<void>((resolve, reject) => {
      connected = { resolve, reject };
      const parser = mqttPacket.parser({ protocolVersion: 4 });
      const s = url.protocol === 'mqtts:' ? tlsConnect({ host: url.hostname, port, servername: url.hostname }) : netConnect({ host: url.hostname, port });
      socket = s;
      inbound = [];
      s.setNoDelay(true);
      s.on('connect', () => {
        send({
          cmd: 'connect',
          protocolId: 'MQTT',
          protocolVersion: 4,
          clientId: options.clientId,
          clean: false,
          keepalive,
          ...(options.username ? { username: options.username } : {}),
          ...(options.password ? { password: Buffer.from(options.password) } : {}),
        });
      });
      s.on('secureConnect', () => s.emit('connect'));
      s.on('data', (chunk: Buffer) => parser.parse(chunk));
      parser.on('error', (error: Error) => {
        options.log.error({ err: error }, 'malformed packet from the MQTT broker');
        s.destroy();
      });
      parser.on('packet', (packet: mqttPacket.Packet) => {
        switch (packet.cmd) {
          case 'connack': {
            if (packet.returnCode !== 0) {
              const error = new Error(`the MQTT broker refused the connection (return code ${packet.returnCode})`);
              connected?.reject(error);
              connected = null;
              s.destroy();
              return;
            }
            reconnectDelay = 500;
            const topics = uplinkKinds.map((kind) => ({ topic: `$share/${options.shareGroup}/${topicRoot}/+/${kind}`, qos: 1 as const }));
            // Ready once the broker confirms the subscription (SUBACK), not at CONNACK: on a new
            // session, messages published in between would otherwise have nowhere to go.
            send({ cmd: 'subscribe', messageId: messageId(), subscriptions: topics });
            pingTimer = setInterval(() => send({ cmd: 'pingreq' }), (keepalive * 1000) / 2);
            if (paused) s.pause();
            return;
          }
          case 'publish':
            return onPublish(packet);
          case 'puback': {
            const waiting = packet.messageId === undefined ? undefined : outbound.get(packet.messageId);
            if (waiting && packet.messageId !== undefined) {
              outbound.delete(packet.messageId);
              waiting.resolve();
            }
            return;
          }
          case 'suback': {
            if (packet.granted.some((qos) => typeof qos !== 'number' || qos >= 128 || qos < 1)) {
              const error = new Error('the MQTT broker refused the platform subscription to device topics (QoS 1 needed)');
              options.log.error(error.message);
              connected?.reject(error);
            } else connected?.resolve();
            connected = null;
            return;
          }
          default:
            return;
        }
      });
      s.on('error', (error) => options.log.warn({ err: error }, 'MQTT broker connection error'));
      s.on('close', () => {
        if (pingTimer) clearInterval(pingTimer);
        pingTimer = null;
        for (const [, waiting] of outbound) waiting.reject(new Error('connection to the MQTT broker lost before it took the message'));
        outbound.clear();
        connected?.reject(new Error(`cannot reach the MQTT broker at ${options.url}`));
        connected = null;
        if (!closed) {
          setTimeout(() => void connectOnce().catch(() => undefined), reconnectDelay);
          reconnectDelay = Math.min(reconnectDelay * 2, 10_000);
        }
      });
    });

  return {
    kind: 'external',
    start: connectOnce,
    publish(topic, payload) {
      return new Promise((resolve, reject) => {
        if (!socket || socket.destroyed) return reject(new Error('not connected to the MQTT broker'));
        const id = messageId();
        outbound.set(id, { resolve, reject });
        send({ cmd: 'publish', topic, payload, qos: 1, retain: false, dup: false, messageId: id });
      });
    },
    pause() {
      paused = true;
      socket?.pause();
    },
    resume() {
      paused = false;
      socket?.resume();
    },
    async close() {
      closed = true;
      if (socket && !socket.destroyed) {
        send({ cmd: 'disconnect' });
        socket.end();
      }
    },
  };
};
