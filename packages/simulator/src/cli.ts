/* eslint-disable no-console -- the command-line entry prints its summary and errors to the terminal */
import { parseArgs } from 'node:util';
import { fleetCredentials } from './credentials.js';
import { startFleet, type FleetStats } from './fleet.js';
import { assertTimeZone, processTimeZone } from './local-time.js';
import { registerFleet } from './register.js';
import { type LogLevel } from './virtual-logger.js';

const usage = `Cellsight logger simulator: virtual data loggers speaking the device protocol over MQTT.

  npm run simulate -- [options]

  --loggers N                  loggers (default 5)
  --batteries M                batteries per logger (default 2)
  --mqtt URL                   broker (default mqtt://127.0.0.1:1883)
  --interval MS                sample interval (default 10000)
  --time-scale X               simulated seconds per real second for the daily profile (default 1)
  --timezone ZONE              IANA zone of the loggers (default: this machine's, ${processTimeZone()})
  --seed TEXT                  fleet seed: same seed, same serial numbers and keys (default cellsight)
  --prefix TEXT                serial numbers SIM{prefix}000001... (default none)
  --offline-probability P      network loss chance per logger and interval (default 0.0005)
  --event-probability P        event chance per battery and interval (default 0.001)
  --upgrade-failure-probability P  (default 0.1)
  --server URL                 platform to register the fleet with (default http://127.0.0.1:8080)
  --username NAME              (default admin)
  --password TEXT              (default $ADMIN_PASSWORD)
  --no-register                skip registration (the loggers must be known already)
  --verbose                    log every connection and command
  --help
`;

const { values } = parseArgs({
  options: {
    loggers: { type: 'string', default: '5' },
    batteries: { type: 'string', default: '2' },
    mqtt: { type: 'string', default: 'mqtt://127.0.0.1:1883' },
    interval: { type: 'string', default: '10000' },
    'time-scale': { type: 'string', default: '1' },
    timezone: { type: 'string' },
    seed: { type: 'string', default: 'cellsight' },
    prefix: { type: 'string', default: '' },
    'offline-probability': { type: 'string' },
    'event-probability': { type: 'string' },
    'upgrade-failure-probability': { type: 'string' },
    server: { type: 'string', default: 'http://127.0.0.1:8080' },
    username: { type: 'string', default: 'admin' },
    password: { type: 'string' },
    'no-register': { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
  strict: true,
});

const number = (name: string, text: string | undefined): number | undefined => {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) {
    console.error(`--${name} must be a number, got "${text}"`);
    process.exit(2);
  }
  return value;
};

const main = async (): Promise<void> => {
  if (values.help) {
    process.stdout.write(usage);
    return;
  }
  const timezone = values.timezone ?? processTimeZone();
  try {
    assertTimeZone(timezone);
  } catch {
    console.error(`--timezone: unknown IANA time zone "${timezone}"`);
    process.exit(2);
  }
  const credentials = fleetCredentials({
    loggers: number('loggers', values.loggers) ?? 5,
    batteriesPerLogger: number('batteries', values.batteries) ?? 2,
    seed: values.seed,
    prefix: values.prefix,
  });

  if (!values['no-register']) {
    const password = values.password ?? process.env.ADMIN_PASSWORD;
    if (!password) {
      console.error('Registration needs --password or ADMIN_PASSWORD (or skip it with --no-register).');
      process.exit(2);
    }
    const result = await registerFleet({ server: values.server, username: values.username, password, credentials, timezone });
    console.log(`registered ${result.registered} new loggers, ${result.existing} already known (${values.server})`);
  }

  const verbose = values.verbose;
  const fleet = startFleet({
    mqttUrl: values.mqtt,
    credentials,
    sampleIntervalMs: number('interval', values.interval),
    timeScale: number('time-scale', values['time-scale']),
    offlineProbability: number('offline-probability', values['offline-probability']),
    eventProbability: number('event-probability', values['event-probability']),
    upgradeFailureProbability: number('upgrade-failure-probability', values['upgrade-failure-probability']),
    timezone,
    seed: values.seed,
    log: (level: LogLevel, message: string) => {
      if (level === 'error' || level === 'warn') console.error(`${new Date().toISOString()} ${level} ${message}`);
      else if (verbose) console.log(`${new Date().toISOString()} ${level} ${message}`);
    },
  });
  console.log(`${credentials.length} loggers x ${credentials[0]?.batterySns.length ?? 0} batteries -> ${values.mqtt} (first: ${credentials[0]?.gsn ?? '-'}, key ${credentials[0]?.key ?? '-'})`);

  const summary = (stats: FleetStats): string => {
    const acks = Object.entries(stats.acksByCode)
      .map(([code, n]) => `${n}x${code}`)
      .join(' ');
    return (
      `${new Date().toISOString().slice(11, 19)} online ${stats.online}/${stats.loggers} | samples ${stats.samplesSent} sent, ${stats.samplesAcked} acked, ${stats.buffered} buffered` +
      `${stats.samplesDropped ? `, ${stats.samplesDropped} dropped` : ''} | events ${stats.eventsOpened} opened, ${stats.eventsClosed} closed` +
      ` | commands ${stats.commandsReceived}${acks ? ` (acks ${acks})` : ''} | outages ${stats.outages}${stats.connectErrors ? ` | connect errors ${stats.connectErrors}` : ''}`
    );
  };
  const timer = setInterval(() => console.log(summary(fleet.stats())), 10_000);

  let stopping = false;
  const stop = (): void => {
    if (stopping) {
      console.error('forced exit');
      process.exit(1);
    }
    stopping = true;
    clearInterval(timer);
    console.log('stopping (Ctrl-C again to force)...');
    void fleet.stop().then(() => {
      console.log(summary(fleet.stats()));
      process.exit(0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
