import { hostname } from 'node:os';
import { liveReadingsIntervalMs } from '@cellsight/contract';
import fp from 'fastify-plugin';
import { createEmbeddedBroker } from './transport/embedded-broker.transport.js';
import type { DeviceTransport } from './transport/device-transport.js';
import { createExternalBroker } from './transport/external-broker.transport.js';
import { createBrokerAccountsRepository } from './transport/broker-accounts.repository.js';
import { type BrokerAccountsService, createBrokerAccountsService } from './transport/broker-accounts.service.js';
import { createCommandRepository } from './commands/command.repository.js';
import { type CommandService, createCommandService } from './commands/command.service.js';
import { createDeviceStateService } from './state/device-state.service.js';
import { createLiveReadings } from './state/live-readings.js';
import { createLoggerRateLimit } from './state/logger-rate-limit.js';
import { type LoggerConnectService, createLoggerConnectService } from './state/logger-connect.service.js';
import type { LoggerIdentity } from '../logger/index.js';
import { adminRoom, userRoom } from '../../access/station-scope.js';
import { type IngestService, createIngestService } from './ingest/ingest.service.js';
import { createSampleRepository } from './ingest/sample.repository.js';
import { createRefusalRecorder } from './ingest/refusal-recorder.js';
import { createRefusalRepository } from './ingest/refusal.repository.js';
import { createRefusalService } from './ingest/refusal.service.js';
import { createTelemetryDecoder } from './ingest/telemetry-decoder-pool.js';
import commandRoutes from './commands/command.routes.js';
import ingestRoutes from './ingest/ingest.routes.js';
import demoFleet from './demo-fleet.plugin.js';

export interface DevicePlane {
  transport: DeviceTransport;
  ingest: IngestService;
  commands: CommandService;
  /** Port of the embedded broker (null with an external one). */
  brokerPort: number | null;
  /** Ingestion reads the logger again (its key, station or audience changed). */
  forget(gsn: string): void;
  /** Tells those who see the logger; the same rooms as the device events. */
  notify(logger: LoggerIdentity | null, send: (rooms: string[]) => void): void;
  /** A battery was given to another logger: ingestion reads its owner again at its next sample. */
  forgetBattery(batterySn: string): void;
  /** A logger's registration key changed: drop its connection and give its broker account the new password. */
  loggerKeyChanged(gsn: string): Promise<void>;
  /** Loggers were registered: give them broker accounts (external Mosquitto with the dynamic-security plugin). */
  loggersRegistered(gsns: string[]): Promise<void>;
  /** Logger accounts on an external Mosquitto; null unless MQTT_DYNSEC_USERNAME/PASSWORD are set. */
  accounts: BrokerAccountsService | null;
  /** The embedded broker's CONNECT checks: what they cost the registry, and the refusals they remember. */
  connects: Pick<LoggerConnectService, 'registryReads' | 'refusalsHeld'>;
  /**
   * Resolves once the work a message started and did not wait for is done: station status
   * refreshes, detected battery changes, system messages (a test that must know what they did, or
   * that they did nothing).
   */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    devicePlane: DevicePlane;
  }
}

/** A logger counts as offline after three missed five-minute status reports. */
const silenceBeforeOfflineMs = 15 * 60 * 1000;
/** How many days back the hourly station energy refresh recomputes (loggers resend what they buffered offline). */
const stationEnergyCatchUpDays = 7;

/**
 * The device plane's one door (app.devicePlane): the broker (`transport/`: embedded aedes, or an
 * external Mosquitto/EMQX, and its logger accounts), ingestion into PostgreSQL (`ingest/`), remote
 * commands (`commands/`), the loggers' connections and online state (`state/`), the periodic
 * upkeep (command timeouts, offline sweep, station energy, sample partitions) as scheduled jobs,
 * and the demo fleet. It uses the loggers and batteries (app.loggers), stations (status), battery
 * changes (detected replacements), the firmware library (upgrades) and the bell (device notices)
 * through their faces. Its routes (commands, a logger's refusals) are under /boot.
 */
export default fp(
  async (app) => {
    const { config, loggers, batteries, deviceNotices, firmware } = app;
    const samples = createSampleRepository(app.db, app.bulkScript);
    const commandRepository = createCommandRepository(app.db);
    const refusalRepository = createRefusalRepository(app.db);
    // Refusals per logger, gathered in memory and stored every 2 s (the logger's diagnostics).
    const refusals = createRefusalRecorder({ repository: refusalRepository, log: app.log });
    let transport: DeviceTransport | null = null;

    // Work a message starts and does not wait for (settled() waits for it).
    const sideWork = new Set<Promise<unknown>>();
    const aside = (work: Promise<unknown>): void => {
      sideWork.add(work);
      void work.finally(() => sideWork.delete(work)).catch(() => undefined);
    };

    /** Those who may see the logger hear of it: its tenant's administrators and its audience (the scope rule). */
    const notify = (logger: LoggerIdentity | null, send: (rooms: string[]) => void) => {
      if (logger?.tenantId != null) send([adminRoom(logger.tenantId), ...logger.audience.map(userRoom)]);
    };
    // A station's status follows its loggers' online state and open events.
    const refreshStation = (logger: LoggerIdentity) => {
      if (logger.stationId) aside(app.stations.refreshStatus(logger.stationId).catch((error: unknown) => app.log.warn({ err: error }, `could not refresh the status of station ${logger.stationId}`)));
    };

    const states = createDeviceStateService({
      loggers,
      onChange: (logger, online) => {
        refreshStation(logger);
        notify(logger, (rooms) => app.realtime.toRooms(rooms, 'logger.state', { gsn: logger.gsn, online }));
      },
    });

    // Stored readings reach the browsers that may see them, gathered per audience (`battery.reading`).
    const liveReadings = createLiveReadings({
      intervalMs: liveReadingsIntervalMs,
      send: (byRoom) =>
        app.realtime.toRoomParts('battery.reading', Object.fromEntries([...byRoom].map(([room, readings]) => [room, { loggers: [...readings].map(([gsn, ts]) => ({ gsn, ts })) }]))),
    });

    const ingest = createIngestService({
      loggers,
      batteries,
      samples,
      decoder: createTelemetryDecoder({ threads: config.ingest.decodeThreads ?? (app.dbKind === 'postgres' ? 1 : 0) }),
      log: app.log,
      batch: { ...config.ingest, batchSize: config.ingest.batchSize ?? (app.dbKind === 'postgres' ? 2000 : 4000), concurrency: config.ingest.concurrency ?? 2 },
      onPressure: (paused) => (paused ? transport?.pause() : transport?.resume()),
      states,
      onBatteriesAdded: (logger, batterySns) => {
        notify(logger, (rooms) => app.realtime.toRooms(rooms, 'battery.added', { gsn: logger.gsn, batterySns }));
        // A new battery in the slot (BMU) of one the logger reported before replaced it. Ingestion
        // neither waits for nor fails on the record.
        aside(
          app.batteryChanges
            .recordDetected(logger.gsn, batterySns)
            .then((changes) => {
              for (const change of changes) notify(logger, (rooms) => app.realtime.toRooms(rooms, 'battery.changed', { gsn: logger.gsn, ...change, source: 'detected' }));
            })
            .catch((error: unknown) => app.log.warn({ err: error }, `could not record battery changes of logger ${logger.gsn}`)),
        );
      },
      onReadingsStored: (logger, newestTs) => notify(logger, (rooms) => liveReadings.add(rooms, logger.gsn, newestTs)),
      onEvent: (logger, change) => {
        refreshStation(logger);
        deviceNotices.eventChanged(logger, change);
        notify(logger, (rooms) => app.realtime.toRooms(rooms, 'device.event', { gsn: logger.gsn, ...change }));
      },
      onAck: (gsn, ack) => commands.onAck(gsn, ack),
      refusals,
    });

    const commands = createCommandService({
      commands: commandRepository,
      loggers,
      batteries,
      publish: (topic, payload) => {
        if (!transport) return Promise.reject(new Error('the broker is not running'));
        return transport.publish(topic, payload);
      },
      onChanged: (record, logger) => {
        notify(logger, (rooms) => app.realtime.toRooms(rooms, 'command.updated', { id: record.id, gsn: record.gsn, status: record.status, progress: record.progress }));
        deviceNotices.commandChanged(record, logger);
      },
      upgradeTarget: (logger, batterySn, firmwareId, baseUrl) => firmware.upgradeTarget(logger, batterySn, firmwareId, baseUrl),
      publicUrl: config.publicUrl,
      dataLog: app.dataLog,
    });

    // CONNECTs at the embedded broker (an external one checks its own accounts): refusals answered
    // again from a short cache, and a budget of refused CONNECTs per address (docs/device-protocol.md 2.2).
    const failedConnects = config.mqtt.failedConnectsPerMinute;
    const connects = createLoggerConnectService({
      registrationKey: async (gsn) => (await loggers.findLogger(gsn))?.registrationKey ?? null,
      failedPerMinute: failedConnects,
      onLimited: (address, refused) =>
        app.log.warn(
          { address, reason: 'connect-rate', refused },
          `address ${address} is over its budget of ${failedConnects} refused MQTT CONNECTs a minute: ${refused} CONNECT(s) refused with 0x03 since the last report`,
        ),
    });

    // Every uplink of either broker passes here first: a logger over its budget has the message
    // dropped unread and acknowledged (docs/device-protocol.md section 11), so one flooding logger
    // costs no parsing or storage and never holds up the others.
    const rateLimit = createLoggerRateLimit(config.deviceRateLimit);
    const { messagesPerMinute, burst } = config.deviceRateLimit;
    const budget = `${messagesPerMinute} messages per minute (${burst} at once)`;
    // Offline marks still being written: at shutdown the broker's own disconnections are recorded
    // before the database closes.
    const offlineMarks = new Set<Promise<void>>();
    const handler = {
      message: (gsn: string, kind: Parameters<IngestService['handle']>[1], payload: Buffer, done: (error?: Error) => void) => {
        const verdict = rateLimit.take(gsn);
        if (verdict.allowed) return void ingest.handle(gsn, kind, payload, done);
        ingest.refuseRate(gsn, kind, payload, `over the logger's budget of ${budget}; the message was dropped unread`);
        if (verdict.report) app.log.warn({ gsn, reason: 'rate', dropped: verdict.report.dropped }, `logger ${gsn} is over its budget of ${budget}: ${verdict.report.dropped} message(s) dropped since the last report`);
        done();
      },
      refused: (gsn: string, topic: string) => ingest.refuseTopic(gsn, topic),
      tooLarge: (gsn: string, bytes: number) => ingest.refuseTooLarge(gsn, bytes),
      subscribed: (gsn: string) => {
        void commands.redeliver(gsn).catch((error: unknown) => app.log.warn({ err: error }, `could not deliver the pending commands of ${gsn} again`));
      },
      disconnected: (gsn: string) => {
        const mark: Promise<void> = states
          .setOnline(gsn, false)
          .catch((error: unknown) => app.log.warn(`could not mark logger ${gsn} offline: ${(error as Error).message}`))
          .finally(() => offlineMarks.delete(mark));
        offlineMarks.add(mark);
      },
    };

    if (config.mqtt.url) {
      transport = createExternalBroker({
        url: config.mqtt.url,
        clientId: `cellsight-${config.mqtt.shareGroup}-${hostname()}-${config.port}`.slice(0, 64),
        username: config.mqtt.username,
        password: config.mqtt.password,
        shareGroup: config.mqtt.shareGroup,
        handler,
        log: app.log,
      });
    } else {
      transport = createEmbeddedBroker({
        port: config.mqtt.port,
        host: config.mqtt.host,
        handler,
        log: app.log,
        checkConnect: async (attempt) => {
          const verdict = await connects.check(attempt);
          if (verdict === 'limited') ingest.refuseConnectRate();
          return verdict;
        },
      });
    }

    // Logger accounts on Mosquitto (dynamic-security plugin), kept in step with the registry.
    const accounts =
      config.mqtt.url && config.mqtt.dynsec
        ? createBrokerAccountsService({
            accounts: createBrokerAccountsRepository({ url: config.mqtt.url, ...config.mqtt.dynsec, clientId: `cellsight-dynsec-${hostname()}-${config.port}`.slice(0, 64), log: app.log }),
            loggers,
            log: app.log,
          })
        : null;

    await samples.ensurePartitions();
    // The dashboards' station energy is caught up at start (a server that was down, data a logger
    // sent late); then by the scheduled jobs below.
    void samples.refreshStationEnergy(stationEnergyCatchUpDays).catch((error: unknown) => app.log.warn({ err: error }, 'station energy refresh failed'));
    // The periodic upkeep, as scheduled jobs (System → Scheduled jobs): on several processes one runs each firing.
    app.jobs.registerTask('device.commandTimeouts', {
      title: ['Time out unanswered commands', '远程命令超时检查', 'Unbeantwortete Befehle beenden'],
      async run() {
        await commands.sweepTimeouts();
      },
      job: { cronExpression: '0/5 * * * * ?', description: 'Marks remote commands no logger answered in time as timed out' },
    });
    app.jobs.registerTask('device.offlineSweep', {
      title: ['Mark silent loggers offline', '离线设备检查', 'Stumme Logger als offline markieren'],
      async run() {
        await states.sweepSilent(silenceBeforeOfflineMs);
      },
      job: { cronExpression: '0 * * * * ?', description: 'Loggers silent for 15 minutes (three missed status reports) count as offline' },
    });
    app.jobs.registerTask('station.energyRefresh', {
      title: ['Refresh station energy', '刷新电站能量统计', 'Stationsenergie aktualisieren'],
      // Today and yesterday at each firing; at the top of the hour and when run by hand, the last `parameter` days (7 by default).
      async run(parameter, { fireTime, manual }) {
        const catchUp = Number.parseInt(parameter ?? '', 10);
        const days = manual || fireTime.getMinutes() === 0 ? (Number.isInteger(catchUp) && catchUp > 0 ? Math.min(catchUp, 366) : stationEnergyCatchUpDays) : 1;
        await samples.refreshStationEnergy(days);
        return `${days} day${days === 1 ? '' : 's'} recomputed`;
      },
      job: { cronExpression: '0 * * * * ?', parameter: String(stationEnergyCatchUpDays), description: 'Recomputes the dashboards’ station energy: the last day each minute, the days of the parameter each hour' },
    });
    app.jobs.registerTask('telemetry.partitions', {
      title: ['Prepare telemetry partitions', '维护遥测数据分区', 'Telemetrie-Partitionen anlegen'],
      async run() {
        await samples.ensurePartitions();
      },
      job: { cronExpression: '0 30 0 * * ?', description: 'Creates the coming months’ partitions of the sample tables' },
    });

    const plane: DevicePlane = {
      transport,
      ingest,
      commands,
      brokerPort: null,
      forget: (gsn) => ingest.forget(gsn),
      notify,
      forgetBattery: (batterySn) => ingest.forgetBattery(batterySn),
      accounts,
      connects,
      async loggerKeyChanged(gsn) {
        ingest.forget(gsn);
        // A CONNECT refused with the old key's password may come again with the right one now.
        connects.forget(gsn);
        // The embedded broker is told; Mosquitto drops the connection itself when the account changes.
        transport?.disconnect?.(gsn);
        await accounts?.provision([gsn]);
      },
      async loggersRegistered(gsns) {
        // Refused as unknown a moment ago, connecting at once now (and its messages not refused as unknown-logger).
        for (const gsn of gsns) {
          connects.forget(gsn);
          ingest.forget(gsn);
        }
        await accounts?.provision(gsns);
      },
      async settled() {
        while (sideWork.size > 0) await Promise.allSettled([...sideWork]);
        await deviceNotices.settled();
      },
    };
    app.decorate('devicePlane', plane);
    await app.register(commandRoutes, { prefix: '/boot' });
    await app.register(ingestRoutes, { prefix: '/boot', service: createRefusalService(refusalRepository, loggers) });

    app.addHook('onReady', async () => {
      await transport?.start();
      await accounts?.start();
      if (transport && 'address' in transport) plane.brokerPort = (transport as DeviceTransport & { address: number }).address;
      app.log.info(config.mqtt.url ? `device plane: consuming from ${config.mqtt.url}` : `device plane: embedded MQTT broker on port ${plane.brokerPort}`);
    });
    app.addHook('preClose', async () => {
      // Stop reading, store what is queued (so its acknowledgements still go out), then disconnect.
      transport?.pause();
      await ingest.drain();
      liveReadings.close();
      await refusals.close();
      await transport?.close();
      await Promise.all(offlineMarks);
      await accounts?.close();
    });
    // DEMO=1: a small fleet of virtual loggers on stations of the demo hierarchy. Registered last,
    // so its hooks run after the plane's: it connects once the broker listens.
    await app.register(demoFleet);
  },
  {
    name: 'module-device-plane',
    dependencies: ['database', 'realtime', 'notices', 'jobs', 'module-announcement', 'module-battery-change', 'module-data-log', 'module-battery', 'module-logger', 'module-dict', 'module-firmware', 'module-job', 'module-station'],
  },
);
