import { z } from 'zod';
import { text } from './text.js';

/**
 * The device protocol (docs/device-protocol.md): what loggers publish over MQTT and what the
 * platform sends them. Every payload is JSON with a version field `v`. Bounds are physical
 * plausibility limits; a message outside them is refused as a whole and counted.
 */
export const protocolVersion = 1;

/** Topic layout: everything a logger may touch sits under its own serial number. */
export const topicRoot = 'cs/v1';
export const deviceTopics = {
  telemetry: (gsn: string) => `${topicRoot}/${gsn}/telemetry`,
  status: (gsn: string) => `${topicRoot}/${gsn}/status`,
  events: (gsn: string) => `${topicRoot}/${gsn}/events`,
  ack: (gsn: string) => `${topicRoot}/${gsn}/ack`,
  state: (gsn: string) => `${topicRoot}/${gsn}/state`,
  command: (gsn: string) => `${topicRoot}/${gsn}/cmd`,
} as const;
export type UplinkKind = 'telemetry' | 'status' | 'events' | 'ack' | 'state';
export const uplinkKinds: readonly UplinkKind[] = ['telemetry', 'status', 'events', 'ack', 'state'];

/** Reads `cs/v1/{gsn}/{kind}`; null for any other topic. */
export const parseDeviceTopic = (topic: string): { gsn: string; kind: UplinkKind | 'cmd' } | null => {
  const parts = topic.split('/');
  if (parts.length !== 4 || `${parts[0]}/${parts[1]}` !== topicRoot) return null;
  const gsn = parts[2] ?? '';
  const kind = parts[3] ?? '';
  if (!loggerSnPattern.test(gsn)) return null;
  if (kind === 'cmd' || (uplinkKinds as readonly string[]).includes(kind)) return { gsn, kind: kind as UplinkKind | 'cmd' };
  return null;
};

/** Logger (gsn) and battery serial numbers: letters, digits, dash and underscore, 4 to 32 characters. */
export const loggerSnPattern = /^[A-Za-z0-9_-]{4,32}$/;
/** Registration keys: printable ASCII without spaces (length limits in `limits`). */
export const loggerKeyPattern = /^[\x21-\x7e]+$/;
export const batterySnPattern = /^[A-Za-z0-9_-]{4,40}$/;

/** Largest accepted payload; larger messages are refused before parsing. */
export const maxPayloadBytes = 256 * 1024;
/**
 * Largest MQTT packet a broker reads (the payload limit plus room for topic and headers): a
 * broker closes the connection of a client whose packet announces more, before reading it
 * (embedded broker; `max_packet_size` in Mosquitto and EMQX, see docs/deploy/).
 */
export const maxPacketBytes = 300_000;
export const maxSamplesPerMessage = 100;
export const maxCellsPerBattery = 64;

/** Timestamps further than this from the server clock are refused (buffered history included). */
export const maxSampleAgeMs = 400 * 24 * 3600 * 1000;
export const maxClockAheadMs = 24 * 3600 * 1000;

const timestamp = z
  .number()
  .int()
  .refine((ts) => ts > Date.now() - maxSampleAgeMs && ts < Date.now() + maxClockAheadMs, 'is too far from the current time');
const sn = text().regex(batterySnPattern, 'must be 4 to 40 letters, digits, dashes or underscores');
const version = text().max(32);

export const batteryStates = ['charge', 'discharge', 'idle'] as const;
export const batteryStatuses = ['normal', 'warning', 'protect', 'fault', 'upgrading', 'error'] as const;
export const batteryRoles = ['master', 'slave', 'idle'] as const;

/** One battery reading at one moment (spec section 3, Battery). */
export const batterySampleSchema = z.object({
  ts: timestamp,
  batterySn: sn,
  bmsSn: sn.optional(),
  bmuSn: sn.optional(),
  state: z.enum(batteryStates),
  status: z.enum(batteryStatuses).default('normal'),
  /** State of charge, %. */
  soc: z.number().min(0).max(100),
  /** State of health, %. */
  soh: z.number().min(0).max(100),
  cycles: z.number().int().min(0).max(100_000),
  /** Pack voltage, V. */
  voltage: z.number().min(0).max(1500),
  /** Pack current, A; positive charges. */
  current: z.number().min(-2000).max(2000),
  /** Power, W; positive charges. */
  power: z.number().min(-3_000_000).max(3_000_000),
  /** Highest cell or pack temperature, °C. */
  temperature: z.number().min(-50).max(150),
  /** Energy charged and discharged since local midnight of the station, kWh. */
  chargeEnergyToday: z.number().min(0).max(100_000),
  dischargeEnergyToday: z.number().min(0).max(100_000),
  relays: z.object({ main: z.boolean(), charge: z.boolean(), discharge: z.boolean() }),
  hwVersion: version.optional(),
  swVersion: version.optional(),
  role: z.enum(batteryRoles),
  workMode: text().max(32),
  /** Cell voltages, V. */
  cellVoltages: z.array(z.number().min(0).max(10)).max(maxCellsPerBattery),
  /** Cell temperatures, °C. */
  cellTemperatures: z.array(z.number().min(-50).max(150)).max(maxCellsPerBattery),
});
export type BatterySample = z.infer<typeof batterySampleSchema>;

export const telemetryMessageSchema = z.object({
  v: z.literal(protocolVersion),
  /** The logger's own message counter, for diagnostics; not used for ordering. */
  seq: z.number().int().min(0).optional(),
  samples: z.array(batterySampleSchema).min(1).max(maxSamplesPerMessage),
});
export type TelemetryMessage = z.infer<typeof telemetryMessageSchema>;

/** Logger status (spec section 3, Logger). */
export const loggerStatusMessageSchema = z.object({
  v: z.literal(protocolVersion),
  ts: timestamp,
  /** Signal strength, dBm (negative) or percent (0-100) as the modem reports it. */
  signal: z.number().min(-150).max(100),
  firmware: version,
  /** The logger's address as it sees it (IPv4 or IPv6). */
  ip: z.union([z.ipv4(), z.ipv6()], { error: 'must be an IPv4 or IPv6 address' }).optional(),
  deviceType: text().max(32).optional(),
  brand: text().max(32).optional(),
  lat: z.number().min(-90).max(90).optional(),
  lon: z.number().min(-180).max(180).optional(),
});
export type LoggerStatusMessage = z.infer<typeof loggerStatusMessageSchema>;

export const eventTypes = ['normal', 'warning', 'fault', 'protect'] as const;
/** An event opens with `begin` and closes when a later message gives the same id an `end`. */
export const deviceEventSchema = z.object({
  /** Unique per logger: the logger's own event id. */
  id: text().min(1).max(64),
  batterySn: sn.optional(),
  type: z.enum(eventTypes),
  code: text().min(1).max(32),
  category: text().max(32).default(''),
  begin: timestamp,
  end: timestamp.optional(),
}).refine((event) => event.end === undefined || event.end >= event.begin, { message: 'must not be before begin', path: ['end'] });
export type DeviceEvent = z.infer<typeof deviceEventSchema>;
export const eventsMessageSchema = z.object({ v: z.literal(protocolVersion), events: z.array(deviceEventSchema).min(1).max(100) });

/** Retained online flag; the broker publishes the logger's last will (`online: false`) when it drops. */
export const stateMessageSchema = z.object({ v: z.literal(protocolVersion), online: z.boolean(), ts: z.number().int().optional() });

export const commandOps = ['restart', 'shutdown', 'settings', 'upgrade'] as const;
export type CommandOp = (typeof commandOps)[number];

/** Bounds of the remote settings (spec section 9: EOD 44 to 50); out of them the server answers 4031. */
export const remoteSettingLimits = { eod: { min: 44, max: 50 }, socMax: { min: 50, max: 100 }, socMin: { min: 0, max: 50 } } as const;

/** Remote settings a logger accepts (spec section 9: EOD 44 to 50). */
export const remoteSettingsSchema = z
  .object({
    /** End-of-discharge voltage threshold. */
    eod: z.number({ error: 'must be a number' }).min(remoteSettingLimits.eod.min, 'must be from 44 to 50').max(remoteSettingLimits.eod.max, 'must be from 44 to 50').optional(),
    /** Highest state of charge to charge to, %. */
    socMax: z.number({ error: 'must be a whole number' }).int('must be a whole number').min(remoteSettingLimits.socMax.min, 'must be from 50 to 100').max(remoteSettingLimits.socMax.max, 'must be from 50 to 100').optional(),
    /** Lowest state of charge to discharge to, %. */
    socMin: z.number({ error: 'must be a whole number' }).int('must be a whole number').min(remoteSettingLimits.socMin.min, 'must be from 0 to 50').max(remoteSettingLimits.socMin.max, 'must be from 0 to 50').optional(),
    workMode: text().max(32, 'must be at most 32 characters').optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'give at least one setting');
export type RemoteSettings = z.infer<typeof remoteSettingsSchema>;

/**
 * A command down to a logger. `sign` is HMAC-SHA256 (hex) with the logger's key over the sorted
 * `key=value` pairs of every other field joined by `&` (objects as compact JSON).
 */
export const commandMessageSchema = z.object({
  v: z.literal(protocolVersion),
  id: text().min(1).max(64),
  op: z.enum(commandOps),
  batterySn: sn.optional(),
  /** settings: RemoteSettings; upgrade: { version, url, size, sha256 }. */
  val: text().max(4096),
  nonce: text().min(16).max(64),
  ts: z.number().int(),
  sign: text().regex(/^[0-9a-f]{64}$/),
});
export type CommandMessage = z.infer<typeof commandMessageSchema>;

export const upgradeStates = ['downloading', 'installing', 'succeeded', 'failed', 'download_failed', 'timeout'] as const;

/** A logger's answer to a command: a device code (spec section 8), and progress for upgrades. */
/**
 * Device codes a logger answers with (device protocol section 9). Code 3, "offline", belongs to the
 * console: no logger sends it.
 */
export const loggerAckCodes = [0, 1, 2, 4, 5, 500] as const;

export const ackMessageSchema = z.object({
  v: z.literal(protocolVersion),
  id: text().min(1).max(64),
  code: z
    .number()
    .int()
    .refine((code) => (loggerAckCodes as readonly number[]).includes(code), `must be a device code a logger sends: ${loggerAckCodes.join(', ')}`),
  message: text().max(256).optional(),
  /** Upgrade progress, %. */
  progress: z.number().min(0).max(100).optional(),
  upgradeState: z.enum(upgradeStates).optional(),
});
export type AckMessage = z.infer<typeof ackMessageSchema>;

/** The string a command signature covers: sorted `key=value` pairs joined by `&`. */
export const signingString = (fields: Record<string, unknown>): string =>
  Object.keys(fields)
    .filter((k) => k !== 'sign' && fields[k] !== undefined)
    .sort()
    .map((k) => {
      const value = fields[k];
      return `${k}=${typeof value === 'object' ? JSON.stringify(value) : String(value)}`;
    })
    .join('&');
