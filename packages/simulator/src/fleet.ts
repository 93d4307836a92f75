import { type LoggerCredentials } from './credentials.js';
import { type FirmwareFetcher, httpFirmwareFetcher } from './firmware-download.js';
import { assertTimeZone, processTimeZone } from './local-time.js';
import { emptyCounters, VirtualLogger, type FleetCounters, type LogFn } from './virtual-logger.js';

export interface FleetOptions {
  mqttUrl: string;
  credentials: readonly LoggerCredentials[];
  /** Wall-clock time between two samples of a battery, ms. */
  sampleIntervalMs?: number;
  /** Simulated seconds per real second for the daily profile (60: a day in 24 minutes). Timestamps stay real. */
  timeScale?: number;
  /** Chance per logger and sample interval of a network loss. */
  offlineProbability?: number;
  /** Outage length in sample intervals, [min, max]. */
  outageTicks?: readonly [number, number];
  /** Chance per battery and sample interval that an event opens. */
  eventProbability?: number;
  /** Event length in sample intervals, [min, max]. */
  eventTicks?: readonly [number, number];
  upgradeFailureProbability?: number;
  /** Time between two upgrade progress reports, ms. */
  upgradeStepMs?: number;
  /** How loggers download an upgrade's file: over HTTP(S) by default. */
  fetchFirmware?: FirmwareFetcher;
  /** How long a restart command keeps the logger offline, ms. */
  restartDelayMs?: number;
  statusIntervalMs?: number;
  reconnectPeriodMs?: number;
  /** Unacknowledged telemetry messages per logger. */
  maxInflight?: number;
  /** Samples a logger keeps while offline; the oldest go first beyond this. */
  bufferLimit?: number;
  /** IANA zone of the daily profile and the midnight reset (default: the process zone). */
  timezone?: string;
  seed?: string;
  protocolVersion?: 4 | 5;
  log?: LogFn;
}

export interface FleetStats extends FleetCounters {
  loggers: number;
  online: number;
  /** Samples waiting in the loggers' local buffers. */
  buffered: number;
}

export interface Fleet {
  stop(): Promise<void>;
  stats(): FleetStats;
  /** Cuts one logger's connection for `durationMs` (the will fires, samples buffer, then replay). */
  simulateOutage(gsn: string, durationMs: number): void;
  readonly loggers: readonly VirtualLogger[];
}

const probability = (name: string, value: number): number => {
  if (!(value >= 0 && value <= 1)) throw new RangeError(`${name} must be between 0 and 1`);
  return value;
};

/** Starts one MQTT client per logger; resolves at once (the clients connect and retry on their own). */
export const startFleet = (options: FleetOptions): Fleet => {
  const sampleIntervalMs = options.sampleIntervalMs ?? 10_000;
  const timeScale = options.timeScale ?? 1;
  if (!(sampleIntervalMs >= 1)) throw new RangeError('sampleIntervalMs must be at least 1');
  if (!(timeScale > 0)) throw new RangeError('timeScale must be positive');
  const timeZone = options.timezone ?? processTimeZone();
  assertTimeZone(timeZone);
  const counters = emptyCounters();
  const realStart = Date.now();
  // The simulated day starts at the current moment and runs `timeScale` times faster.
  const clock = { sim: (realMs: number): number => realStart + (realMs - realStart) * timeScale };
  const log: LogFn = options.log ?? (() => undefined);
  const loggers = options.credentials.map(
    (credentials) =>
      new VirtualLogger({
        credentials,
        mqttUrl: options.mqttUrl,
        clock,
        counters,
        timeZone,
        seed: options.seed ?? 'cellsight',
        sampleIntervalMs,
        statusIntervalMs: options.statusIntervalMs ?? 300_000,
        offlineProbability: probability('offlineProbability', options.offlineProbability ?? 0.0005),
        outageTicks: options.outageTicks ?? [3, 30],
        eventProbability: probability('eventProbability', options.eventProbability ?? 0.001),
        eventTicks: options.eventTicks ?? [3, 60],
        upgradeFailureProbability: probability('upgradeFailureProbability', options.upgradeFailureProbability ?? 0.1),
        upgradeStepMs: options.upgradeStepMs ?? 3000,
        fetchFirmware: options.fetchFirmware ?? httpFirmwareFetcher,
        restartDelayMs: options.restartDelayMs ?? 5000,
        reconnectPeriodMs: options.reconnectPeriodMs ?? 2000,
        maxInflight: options.maxInflight ?? 20,
        bufferLimit: options.bufferLimit ?? 100_000,
        protocolVersion: options.protocolVersion ?? 4,
        log,
      }),
  );
  for (const logger of loggers) logger.start();
  log('info', `fleet started: ${loggers.length} loggers, ${loggers.reduce((n, l) => n + l.batteries.length, 0)} batteries, zone ${timeZone}`);
  let stopping: Promise<void> | null = null;
  return {
    loggers,
    stop: () => {
      stopping ??= Promise.all(loggers.map((logger) => logger.stop())).then(() => log('info', 'fleet stopped'));
      return stopping;
    },
    stats: () => ({
      ...counters,
      acksByCode: { ...counters.acksByCode },
      loggers: loggers.length,
      online: loggers.filter((logger) => logger.online).length,
      buffered: loggers.reduce((sum, logger) => sum + logger.buffered, 0),
    }),
    simulateOutage: (gsn, durationMs) => {
      const logger = loggers.find((l) => l.gsn === gsn);
      if (!logger) throw new Error(`no logger ${gsn} in this fleet`);
      logger.simulateOutage(durationMs);
    },
  };
};
