import { DeviceCode, deviceTopics, maxSamplesPerMessage, type AckMessage, type BatterySample, type DeviceEvent, type UplinkKind } from '@cellsight/contract';
import { loggerSigningKey } from '@cellsight/contract/device-crypto';
import { type IClientOptions, type MqttClient } from 'mqtt';
import { BatteryModel } from './battery-model.js';
import { checkCommand, NonceMemory, type CommandAction, type UpgradeRequest } from './command-check.js';
import { type FirmwareFetcher, downloadFirmware } from './firmware-download.js';
import { type LoggerCredentials } from './credentials.js';
import { pickEventKind, restartEvent } from './event-catalogue.js';
import { ackMessage, eventsMessage, loggerConnectOptions, offlineMessage, onlineMessage, statusMessage, telemetryMessage } from './messages.js';
import { createRng, type Rng } from './random.js';
import { createLoggerLink, type LoggerLink } from './transport.js';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFn = (level: LogLevel, message: string) => void;

/** Counters shared by every logger of a fleet. */
export interface FleetCounters {
  samplesGenerated: number;
  /** Samples handed to MQTT (a sample put back after a failed publish counts again). */
  samplesSent: number;
  /** Samples in messages the platform acknowledged (PUBACK). */
  samplesAcked: number;
  samplesDropped: number;
  messagesSent: number;
  messagesAcked: number;
  statusSent: number;
  eventsOpened: number;
  eventsClosed: number;
  commandsReceived: number;
  commandsRefused: number;
  commandsExecuted: number;
  acksSent: number;
  acksByCode: Record<string, number>;
  upgradesStarted: number;
  upgradesSucceeded: number;
  upgradesFailed: number;
  outages: number;
  connects: number;
  connectErrors: number;
}

export const emptyCounters = (): FleetCounters => ({
  samplesGenerated: 0,
  samplesSent: 0,
  samplesAcked: 0,
  samplesDropped: 0,
  messagesSent: 0,
  messagesAcked: 0,
  statusSent: 0,
  eventsOpened: 0,
  eventsClosed: 0,
  commandsReceived: 0,
  commandsRefused: 0,
  commandsExecuted: 0,
  acksSent: 0,
  acksByCode: {},
  upgradesStarted: 0,
  upgradesSucceeded: 0,
  upgradesFailed: 0,
  outages: 0,
  connects: 0,
  connectErrors: 0,
});

/** Maps wall-clock time to simulated time for the daily profile. */
export interface SimClock {
  sim(realMs: number): number;
}

export interface VirtualLoggerOptions {
  credentials: LoggerCredentials;
  mqttUrl: string;
  clock: SimClock;
  counters: FleetCounters;
  timeZone: string;
  seed: string;
  sampleIntervalMs: number;
  statusIntervalMs: number;
  offlineProbability: number;
  /** Outage length, in sample intervals. */
  outageTicks: readonly [number, number];
  eventProbability: number;
  /** Event length, in sample intervals. */
  eventTicks: readonly [number, number];
  upgradeFailureProbability: number;
  upgradeStepMs: number;
  /** How the logger downloads an upgrade's file (over HTTP unless a test gives another). */
  fetchFirmware: FirmwareFetcher;
  restartDelayMs: number;
  reconnectPeriodMs: number;
  maxInflight: number;
  bufferLimit: number;
  protocolVersion: 4 | 5;
  log: LogFn;
}

interface InFlight {
  settled: boolean;
  settle(error: Error | undefined): void;
}

interface OutboxItem {
  kind: Extract<UplinkKind, 'events' | 'ack'>;
  payload: string;
  onAcked?: () => void;
}

interface OpenEvent {
  event: DeviceEvent;
  battery: BatteryModel;
  endsAtTick: number;
}

const settleAfter = (ms: number, promise: Promise<unknown>): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void promise.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });

/** One simulated data logger: its batteries, its MQTT session, its buffer and its command handling. */
export class VirtualLogger {
  readonly gsn: string;
  readonly batteries: BatteryModel[];
  firmware = '2.3.0';

  private readonly options: VirtualLoggerOptions;
  private readonly rng: Rng;
  private readonly signingKey: string;
  private readonly nonces = new NonceMemory();
  private readonly lastAcks = new Map<string, AckMessage>();
  private readonly buffer: BatterySample[] = [];
  private readonly outbox: OutboxItem[] = [];
  private readonly inflight = new Set<InFlight>();
  private readonly openEvents = new Map<string, OpenEvent>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly ip: string;
  private readonly lat: number;
  private readonly lon: number;
  private link: LoggerLink | null = null;
  private telemetryInflight = 0;
  private seq = 0;
  private tick = 0;
  private lastTs = 0;
  private eventSeq = 0;
  private signal: number;
  private upgrading = false;
  private stopped = false;
  private restartPending = false;
  private lastLog = new Map<string, number>();

  constructor(options: VirtualLoggerOptions) {
    this.options = options;
    const { credentials } = options;
    this.gsn = credentials.gsn;
    this.rng = createRng(`logger|${options.seed}|${credentials.gsn}`);
    this.signingKey = loggerSigningKey(credentials.gsn, credentials.key);
    this.batteries = credentials.batterySns.map(
      (batterySn, i) => new BatteryModel({ batterySn, role: credentials.batterySns.length === 1 ? 'master' : i === 0 ? 'master' : 'slave', timeZone: options.timeZone, seed: options.seed }),
    );
    const start = options.clock.sim(Date.now());
    for (const battery of this.batteries) battery.step(start);
    this.ip = `10.${this.rng.int(0, 255)}.${this.rng.int(0, 255)}.${this.rng.int(1, 254)}`;
    this.lat = Math.round(this.rng.between(22, 55) * 1e5) / 1e5;
    this.lon = Math.round(this.rng.between(-5, 120) * 1e5) / 1e5;
    this.signal = this.rng.int(-95, -60);
  }

  get online(): boolean {
    return this.link?.client.connected ?? false;
  }

  get buffered(): number {
    return this.buffer.length;
  }

  start(): void {
    this.connect();
    // Spread the loggers over the interval so a fleet does not publish in lockstep.
    this.later(this.rng.between(0, this.options.sampleIntervalMs), () => {
      this.onTick();
      this.every(this.options.sampleIntervalMs, () => this.onTick());
    });
    this.every(this.options.statusIntervalMs, () => this.publishStatus());
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.disconnect(true);
  }

  /** Simulated network loss: the TCP connection drops without DISCONNECT, so the broker sends the will. */
  simulateOutage(durationMs: number): void {
    const link = this.link;
    if (!link || link.down || this.stopped) return;
    this.options.counters.outages++;
    this.log('info', `network lost for ${Math.round(durationMs / 1000)} s`);
    link.cut();
    this.later(durationMs, () => {
      link.restore();
      this.log('info', 'network back');
    });
  }

  // ---- connection -------------------------------------------------------------------------

  private connect(): void {
    const { credentials, mqttUrl, reconnectPeriodMs, protocolVersion } = this.options;
    const options: IClientOptions = loggerConnectOptions({
      gsn: credentials.gsn,
      key: credentials.key,
      protocolVersion,
      reconnectPeriodMs: Math.round(reconnectPeriodMs * this.rng.between(1, 1.5)),
    });
    const link = createLoggerLink(mqttUrl, options);
    this.link = link;
    const { client } = link;
    client.on('connect', () => this.onConnect(client));
    client.on('message', (topic, payload) => {
      if (topic === deviceTopics.command(this.gsn)) this.onCommand(payload);
    });
    client.on('error', (error) => {
      // Refused CONNACKs (unknown logger, wrong password) land here; mqtt.js keeps retrying.
      const code = (error as { code?: unknown }).code;
      if (code === 'ENETUNREACH') return;
      this.options.counters.connectErrors++;
      this.log('warn', `mqtt: ${error.message}`);
    });
    client.on('close', () => this.log('debug', 'connection closed'));
  }

  private onConnect(client: MqttClient): void {
    this.options.counters.connects++;
    this.log('debug', 'connected');
    void client.publishAsync(deviceTopics.state(this.gsn), JSON.stringify(onlineMessage(Date.now())), { qos: 1, retain: true }).catch(() => undefined);
    client.subscribe(deviceTopics.command(this.gsn), { qos: 1 }, (error, granted) => {
      if (error || granted?.some((grant) => grant.qos === 128)) this.log('warn', `command subscription refused${error ? `: ${error.message}` : ''}`);
    });
    this.publishStatus();
    this.pump();
  }

  /** Ends the MQTT session; graceful sends the retained offline state and DISCONNECT (no will). */
  private async disconnect(graceful: boolean): Promise<void> {
    const link = this.link;
    if (!link) return;
    this.link = null;
    const { client } = link;
    if (graceful && client.connected) {
      await settleAfter(1000, client.publishAsync(deviceTopics.state(this.gsn), JSON.stringify(offlineMessage(Date.now())), { qos: 1, retain: true }));
      await settleAfter(2000, client.endAsync(false));
    }
    if (!client.disconnected) {
      // Not graceful, or the broker did not answer in time: drop the socket (the will fires).
      link.cut();
      client.end(true);
    }
    client.removeAllListeners('connect');
    client.removeAllListeners('message');
    // What the old client never delivered goes back to the buffer and outbox (the platform dedupes).
    for (const entry of [...this.inflight]) entry.settle(new Error('connection closed'));
  }

  // ---- uplinks ------------------------------------------------------------------------------

  private send(kind: UplinkKind, payload: string, onResult: (error: Error | undefined) => void): void {
    const client = this.link?.client;
    if (!client) {
      onResult(new Error('no connection'));
      return;
    }
    const entry: InFlight = {
      settled: false,
      settle: (error) => {
        if (entry.settled) return;
        entry.settled = true;
        this.inflight.delete(entry);
        onResult(error);
      },
    };
    this.inflight.add(entry);
    client.publish(deviceTopics[kind](this.gsn), payload, { qos: 1 }, (error) => entry.settle(error ?? undefined));
  }

  /** Publishes buffered samples, oldest first, up to 100 per message and `maxInflight` messages unacknowledged. */
  private pump(): void {
    if (this.stopped || !this.online) return;
    this.flushOutbox();
    const { counters, maxInflight } = this.options;
    while (this.online && this.telemetryInflight < maxInflight && this.buffer.length > 0) {
      const samples = this.buffer.splice(0, maxSamplesPerMessage);
      this.telemetryInflight++;
      counters.samplesSent += samples.length;
      counters.messagesSent++;
      this.send('telemetry', JSON.stringify(telemetryMessage(this.seq++, samples)), (error) => {
        this.telemetryInflight--;
        if (error) {
          this.buffer.unshift(...samples);
        } else {
          counters.samplesAcked += samples.length;
          counters.messagesAcked++;
        }
        if (!error) this.pump();
      });
    }
  }

  private enqueue(item: OutboxItem): void {
    this.outbox.push(item);
    this.flushOutbox();
  }

  private flushOutbox(): void {
    while (this.online && this.outbox.length > 0) {
      const item = this.outbox.shift() as OutboxItem;
      this.send(item.kind, item.payload, (error) => {
        if (error) this.outbox.unshift(item);
        else item.onAcked?.();
      });
    }
  }

  private publishStatus(): void {
    if (!this.online || this.stopped) return;
    this.signal = Math.max(-113, Math.min(-51, this.signal + this.rng.int(-3, 3)));
    const message = statusMessage({ ts: Date.now(), signal: this.signal, firmware: this.firmware, ip: this.ip, deviceType: 'CS-GW-4G', brand: 'Cellsight', lat: this.lat, lon: this.lon });
    this.options.counters.statusSent++;
    // Status is a snapshot: not worth keeping while offline, a fresh one follows the next connect.
    this.send('status', JSON.stringify(message), () => undefined);
  }

  // ---- sampling and events ------------------------------------------------------------------

  private onTick(): void {
    if (this.stopped) return;
    this.tick++;
    const now = Date.now();
    // One sample per battery and timestamp: never reuse a millisecond.
    const ts = Math.max(now, this.lastTs + 1);
    this.lastTs = ts;
    const sim = this.options.clock.sim(now);
    this.updateEvents(ts);
    for (const battery of this.batteries) {
      battery.step(sim);
      this.buffer.push(battery.sample(ts));
    }
    const { counters, bufferLimit, offlineProbability, outageTicks, sampleIntervalMs } = this.options;
    counters.samplesGenerated += this.batteries.length;
    if (this.buffer.length > bufferLimit) {
      const dropped = this.buffer.length - bufferLimit;
      this.buffer.splice(0, dropped);
      counters.samplesDropped += dropped;
    }
    if (this.online && this.rng.chance(offlineProbability)) this.simulateOutage(this.rng.int(outageTicks[0], outageTicks[1]) * sampleIntervalMs);
    this.pump();
  }

  private updateEvents(ts: number): void {
    const { counters, eventProbability, eventTicks } = this.options;
    const changed: DeviceEvent[] = [];
    for (const [id, open] of this.openEvents) {
      if (this.tick < open.endsAtTick) continue;
      this.openEvents.delete(id);
      open.battery.restriction = null;
      counters.eventsClosed++;
      changed.push({ ...open.event, end: ts });
    }
    for (const battery of this.batteries) {
      if (battery.restriction || !this.rng.chance(eventProbability)) continue;
      if ([...this.openEvents.values()].some((open) => open.battery === battery)) continue;
      const kind = pickEventKind(this.rng);
      const event: DeviceEvent = { id: this.nextEventId(), batterySn: battery.batterySn, type: kind.type, code: kind.code, category: kind.category, begin: ts };
      battery.restriction = kind.restriction(this.rng, battery.cellVoltages().length);
      this.openEvents.set(event.id, { event, battery, endsAtTick: this.tick + this.rng.int(eventTicks[0], eventTicks[1]) });
      counters.eventsOpened++;
      changed.push(event);
    }
    if (changed.length > 0) this.enqueue({ kind: 'events', payload: JSON.stringify(eventsMessage(changed)) });
  }

  private nextEventId(): string {
    // Unique across restarts of the simulator too: a time base plus a counter.
    return `E${Date.now().toString(36)}-${++this.eventSeq}`;
  }

  // ---- commands -----------------------------------------------------------------------------

  private onCommand(payload: Buffer): void {
    const { counters } = this.options;
    counters.commandsReceived++;
    const check = checkCommand(payload, { signingKey: this.signingKey, batterySns: this.options.credentials.batterySns, nonces: this.nonces, now: Date.now() });
    if (check.kind === 'duplicate') {
      const last = this.lastAcks.get(check.id);
      if (last) this.enqueue({ kind: 'ack', payload: JSON.stringify(last) });
      return;
    }
    if (check.kind === 'refuse') {
      counters.commandsRefused++;
      this.log('info', `command refused with code ${check.code}: ${check.message}`);
      if (check.id) this.ack({ id: check.id, code: check.code, message: check.message });
      return;
    }
    counters.commandsExecuted++;
    const { command, action } = check;
    const targets = command.batterySn ? this.batteries.filter((b) => b.batterySn === command.batterySn) : this.batteries;
    this.log('info', `command ${command.id}: ${command.op}${command.batterySn ? ` on ${command.batterySn}` : ''}`);
    this.execute(command.id, action, targets);
  }

  private execute(id: string, action: CommandAction, targets: BatteryModel[]): void {
    switch (action.op) {
      case 'settings':
        for (const battery of targets) battery.applySettings(action.settings);
        this.ack({ id, code: DeviceCode.OK });
        return;
      case 'shutdown':
        for (const battery of targets) battery.shutdown = true;
        this.ack({ id, code: DeviceCode.OK });
        return;
      case 'restart':
        this.ack({ id, code: DeviceCode.OK }, () => void this.restart(targets));
        return;
      case 'upgrade':
        if (this.upgrading) {
          this.ack({ id, code: DeviceCode.FAILURE, message: 'an upgrade is already running' });
          return;
        }
        this.upgrade(id, action.upgrade, targets.length === this.batteries.length ? null : targets);
        return;
    }
  }

  private ack(fields: Omit<AckMessage, 'v'>, onAcked?: () => void): void {
    const message = ackMessage(fields);
    this.lastAcks.set(message.id, message);
    if (this.lastAcks.size > 500) this.lastAcks.delete(this.lastAcks.keys().next().value as string);
    const { counters } = this.options;
    counters.acksSent++;
    counters.acksByCode[String(message.code)] = (counters.acksByCode[String(message.code)] ?? 0) + 1;
    this.enqueue({ kind: 'ack', payload: JSON.stringify(message), ...(onAcked ? { onAcked } : {}) });
  }

  /** restart: goes offline gracefully, clears shutdown, comes back after `restartDelayMs`. */
  private async restart(targets: BatteryModel[]): Promise<void> {
    if (this.restartPending || this.stopped) return;
    this.restartPending = true;
    await this.disconnect(true);
    for (const battery of targets) battery.shutdown = false;
    this.later(this.options.restartDelayMs, () => {
      this.restartPending = false;
      if (this.stopped) return;
      const ts = Date.now();
      this.enqueue({ kind: 'events', payload: JSON.stringify(eventsMessage([{ id: this.nextEventId(), ...restartEvent, begin: ts, end: ts }])) });
      this.connect();
    });
  }

  /**
   * upgrade: downloading 0-100 %, installing, then succeeded (new version in later telemetry, or
   * in status for the logger's own firmware) or, with the configured probability, download_failed
   * or failed with code 500. `targets` null upgrades the logger itself.
   */
  private upgrade(id: string, request: UpgradeRequest, targets: BatteryModel[] | null): void {
    const { counters, upgradeFailureProbability, upgradeStepMs } = this.options;
    counters.upgradesStarted++;
    this.upgrading = true;
    const batteries = targets ?? this.batteries;
    for (const battery of batteries) battery.upgrading = true;
    const fails = this.rng.chance(upgradeFailureProbability);
    const failStage = fails ? this.rng.pick(['download_failed', 'failed'] as const) : null;
    const failAt = this.rng.pick([20, 40, 60, 80]);
    const finish = (ok: boolean): void => {
      this.upgrading = false;
      for (const battery of batteries) battery.upgrading = false;
      if (ok) {
        counters.upgradesSucceeded++;
        if (targets) for (const battery of targets) battery.swVersion = request.version;
        else this.firmware = request.version;
        this.ack({ id, code: DeviceCode.OK, upgradeState: 'succeeded', progress: 100 });
        // The new version shows at once in status for a logger upgrade.
        if (!targets) this.publishStatus();
      } else counters.upgradesFailed++;
    };
    const steps: Array<() => void> = [];
    for (let progress = 0; progress <= 100; progress += 20) {
      // The file itself, fetched and checked (size, SHA-256) once the logger has said it is downloading.
      if (progress === 20) {
        steps.push(() => {
          void downloadFirmware(request, this.options.fetchFirmware).then((fault) => {
            if (fault === null) return run();
            this.ack({ id, code: DeviceCode.FAILURE, upgradeState: 'download_failed', progress: 0, message: fault.slice(0, 256) });
            finish(false);
          });
        });
      }
      steps.push(() => {
        if (failStage === 'download_failed' && progress === failAt) {
          this.ack({ id, code: DeviceCode.FAILURE, upgradeState: 'download_failed', progress, message: `download of ${request.url} failed` });
          finish(false);
          return;
        }
        this.ack({ id, code: DeviceCode.OK, upgradeState: 'downloading', progress });
        run();
      });
    }
    steps.push(() => {
      this.ack({ id, code: DeviceCode.OK, upgradeState: 'installing', progress: 100 });
      run();
    });
    steps.push(() => {
      if (failStage === 'failed') {
        this.ack({ id, code: DeviceCode.FAILURE, upgradeState: 'failed', progress: 100, message: 'install failed, kept the old version' });
        finish(false);
      } else finish(true);
    });
    const run = (): void => {
      const step = steps.shift();
      if (step) this.later(upgradeStepMs, step);
    };
    // The first ack (downloading 0 %) goes out at once.
    steps.shift()?.();
  }

  // ---- helpers ------------------------------------------------------------------------------

  private later(ms: number, fn: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.stopped) fn();
    }, ms);
    this.timers.add(timer);
  }

  private every(ms: number, fn: () => void): void {
    const timer = setInterval(() => {
      if (!this.stopped) fn();
    }, ms);
    this.timers.add(timer);
  }

  /** Rate-limited: the same message from one logger at most once a minute. */
  private log(level: LogLevel, message: string): void {
    if (level !== 'debug') {
      const now = Date.now();
      const last = this.lastLog.get(message);
      if (last !== undefined && now - last < 60_000) return;
      this.lastLog.set(message, now);
      if (this.lastLog.size > 200) this.lastLog.clear();
    }
    this.options.log(level, `${this.gsn}: ${message}`);
  }
}
