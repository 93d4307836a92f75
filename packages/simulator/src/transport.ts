import net from 'node:net';
import tls from 'node:tls';
import { type Duplex } from 'node:stream';
import { MqttClient, type IClientOptions } from 'mqtt';

/**
 * An mqtt.js client over a socket we control, so a simulated network loss can cut the TCP
 * connection abruptly (no DISCONNECT: the broker publishes the last will) and keep refusing new
 * connections until the "network" is back, while mqtt.js keeps its session and outgoing store.
 */
export interface LoggerLink {
  client: MqttClient;
  /** Cuts the current connection now; reconnect attempts fail until `restore`. */
  cut(): void;
  restore(): void;
  readonly down: boolean;
}

interface Endpoint {
  secure: boolean;
  host: string;
  port: number;
}

export const parseMqttUrl = (mqttUrl: string): Endpoint => {
  const url = new URL(mqttUrl);
  const scheme = url.protocol.replace(/:$/, '');
  const secure = scheme === 'mqtts' || scheme === 'ssl' || scheme === 'tls';
  if (!secure && scheme !== 'mqtt' && scheme !== 'tcp') throw new Error(`unsupported MQTT URL scheme "${scheme}" (use mqtt:// or mqtts://)`);
  const host = url.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
  return { secure, host, port: url.port ? Number(url.port) : secure ? 8883 : 1883 };
};

/** A socket that fails the way an unreachable network does. */
const unreachable = (): Duplex => {
  const socket = new net.Socket();
  process.nextTick(() => socket.destroy(Object.assign(new Error('simulated network loss'), { code: 'ENETUNREACH' })));
  return socket;
};

export const createLoggerLink = (mqttUrl: string, options: IClientOptions): LoggerLink => {
  const endpoint = parseMqttUrl(mqttUrl);
  let down = false;
  let socket: Duplex | null = null;
  const open = (): Duplex => {
    if (down) return unreachable();
    if (endpoint.secure) {
      const secureSocket = tls.connect({ host: endpoint.host, port: endpoint.port, servername: net.isIP(endpoint.host) ? undefined : endpoint.host, rejectUnauthorized: options.rejectUnauthorized ?? true });
      socket = secureSocket;
      return secureSocket;
    }
    const plain = net.createConnection({ host: endpoint.host, port: endpoint.port });
    plain.setNoDelay(true);
    socket = plain;
    return plain;
  };
  const client = new MqttClient(open, options);
  return {
    client,
    cut: () => {
      down = true;
      socket?.destroy();
    },
    restore: () => {
      down = false;
    },
    get down() {
      return down;
    },
  };
};
