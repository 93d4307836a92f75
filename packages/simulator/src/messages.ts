import {
  deviceTopics,
  protocolVersion,
  type AckMessage,
  type BatterySample,
  type DeviceEvent,
  type LoggerStatusMessage,
  type TelemetryMessage,
} from '@cellsight/contract';
import { loggerMqttPassword } from '@cellsight/contract/device-crypto';
import { type IClientOptions } from 'mqtt';

/** Builders of every uplink payload, typed against the contract (tests validate them with its schemas). */

export const telemetryMessage = (seq: number, samples: BatterySample[]): TelemetryMessage => ({ v: protocolVersion, seq, samples });

export const statusMessage = (fields: Omit<LoggerStatusMessage, 'v'>): LoggerStatusMessage => ({ v: protocolVersion, ...fields });

export const eventsMessage = (events: DeviceEvent[]): { v: typeof protocolVersion; events: DeviceEvent[] } => ({ v: protocolVersion, events });

export const ackMessage = (fields: Omit<AckMessage, 'v'>): AckMessage => ({ v: protocolVersion, ...fields });

export const onlineMessage = (ts: number): { v: typeof protocolVersion; online: true; ts: number } => ({ v: protocolVersion, online: true, ts });

/** The last will: no ts, because the broker publishes it later, at an unknown time. */
export const willPayload = JSON.stringify({ v: protocolVersion, online: false });

export const offlineMessage = (ts: number): { v: typeof protocolVersion; online: false; ts: number } => ({ v: protocolVersion, online: false, ts });

export interface ConnectOptions {
  gsn: string;
  key: string;
  protocolVersion?: 4 | 5;
  reconnectPeriodMs?: number;
  connectTimeoutMs?: number;
  /** false for a session that survives reconnects (QoS 1 command subscription and queued commands). */
  clean?: boolean;
}

/** MQTT CONNECT options of a logger (docs/device-protocol.md, "Connection"). */
export const loggerConnectOptions = ({ gsn, key, protocolVersion: version = 4, reconnectPeriodMs = 2000, connectTimeoutMs = 10_000, clean = false }: ConnectOptions): IClientOptions => ({
  clientId: gsn,
  username: gsn,
  password: loggerMqttPassword(gsn, key),
  protocolVersion: version,
  clean,
  keepalive: 30,
  reconnectPeriod: reconnectPeriodMs,
  connectTimeout: connectTimeoutMs,
  // MQTT 5 ends a session at disconnect unless it has an expiry: keep it for a day, like a 3.1.1 persistent session.
  ...(version === 5 && !clean ? { properties: { sessionExpiryInterval: 86_400 } } : {}),
  will: { topic: deviceTopics.state(gsn), payload: Buffer.from(willPayload), qos: 1, retain: true },
});
