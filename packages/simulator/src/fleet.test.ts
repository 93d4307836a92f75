import { createHash } from 'node:crypto';
import {
  ackMessageSchema,
  eventsMessageSchema,
  loggerStatusMessageSchema,
  stateMessageSchema,
  telemetryMessageSchema,
  type AckMessage,
  type BatterySample,
  type DeviceEvent,
} from '@cellsight/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetCredentials } from './credentials.js';
import { startFleet, type Fleet } from './fleet.js';
import { publishLoad } from './load.js';
import { startTestBroker, waitFor, type TestBroker } from './testing/test-broker.js';

const schemas = {
  telemetry: telemetryMessageSchema,
  status: loggerStatusMessageSchema,
  events: eventsMessageSchema,
  ack: ackMessageSchema,
  state: stateMessageSchema,
} as const;

const credentials = fleetCredentials({ loggers: 2, batteriesPerLogger: 2, seed: 'integration' });
const [first, second] = credentials as [(typeof credentials)[0], (typeof credentials)[0]];
const loadCredentials = fleetCredentials({ loggers: 3, batteriesPerLogger: 2, seed: 'integration', prefix: 'LOAD' });
const stranger = fleetCredentials({ loggers: 1, batteriesPerLogger: 1, seed: 'unknown', prefix: 'X' });

let broker: TestBroker;
let fleet: Fleet;

const of = (gsn: string, kind: string) => broker.messages.filter((m) => m.gsn === gsn && m.kind === kind);
const samplesOf = (gsn: string): BatterySample[] => of(gsn, 'telemetry').flatMap((m) => m.payload.samples as BatterySample[]);
/** The file the platform offers at `firmwareUrl`, and its checksum. */
const firmware = Buffer.from('BMS firmware 9.9.9');
const firmwareUrl = 'https://platform.example/boot/want/firmware/download/fw-999?gsn=x&expires=1&sig=y';
const firmwareSha256 = createHash('sha256').update(firmware).digest('hex');
const acksFor = (id: string): AckMessage[] => broker.messages.filter((m) => m.kind === 'ack' && m.payload.id === id).map((m) => m.payload as AckMessage);

beforeAll(async () => {
  broker = await startTestBroker([...credentials, ...loadCredentials]);
  fleet = startFleet({
    mqttUrl: broker.url,
    credentials,
    sampleIntervalMs: 40,
    timeScale: 600,
    timezone: 'Europe/Berlin',
    eventProbability: 0.05,
    eventTicks: [2, 5],
    offlineProbability: 0,
    upgradeFailureProbability: 0,
    upgradeStepMs: 15,
    fetchFirmware: async (url) => {
      if (url === firmwareUrl) return firmware;
      throw new Error('HTTP 404');
    },
    restartDelayMs: 150,
    reconnectPeriodMs: 100,
    statusIntervalMs: 60_000,
  });
  await waitFor(() => fleet.stats().online === 2, 'both loggers online');
});

afterAll(async () => {
  await fleet?.stop();
  await broker?.close();
});

describe('a fleet against a real broker', () => {
  it('publishes online state, status, telemetry and events that all match the contract', async () => {
    await waitFor(() => credentials.every((c) => samplesOf(c.gsn).length >= 10 && of(c.gsn, 'status').length >= 1), 'telemetry and status');
    await waitFor(() => broker.messages.some((m) => m.kind === 'events'), 'an event');
    for (const c of credentials) {
      const online = of(c.gsn, 'state')[0];
      expect(online).toMatchObject({ retain: true, payload: { v: 1, online: true } });
      expect(new Set(samplesOf(c.gsn).map((s) => s.batterySn))).toEqual(new Set(c.batterySns));
    }
    for (const message of broker.messages) {
      const result = schemas[message.kind as keyof typeof schemas].safeParse(message.payload);
      expect(result.success, `${message.kind}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
    }
  });

  it('opens events and closes them later with the same id', async () => {
    const events = () => broker.messages.filter((m) => m.kind === 'events').flatMap((m) => m.payload.events as DeviceEvent[]);
    await waitFor(() => events().some((e) => e.end !== undefined), 'a closed event');
    const closed = events().find((e) => e.end !== undefined) as DeviceEvent;
    const opened = events().find((e) => e.id === closed.id && e.end === undefined);
    expect(opened).toMatchObject({ code: closed.code, type: closed.type, begin: closed.begin });
    expect(closed.end).toBeGreaterThan(closed.begin);
  });

  it('answers a signed command with code 0 and applies it; a tampered one with code 2', async () => {
    const battery = first.batterySns[1] as string;
    const command = await broker.sendCommand(first, { id: 'it-settings', op: 'settings', batterySn: battery, val: '{"workMode":"backup","eod":48}' });
    await waitFor(() => acksFor(command.id).length > 0, 'the settings ack');
    expect(acksFor(command.id)).toEqual([{ v: 1, id: command.id, code: 0 }]);
    const after = Date.now();
    await waitFor(() => samplesOf(first.gsn).some((s) => s.batterySn === battery && s.ts > after), 'later telemetry');
    const later = samplesOf(first.gsn).filter((s) => s.ts > after);
    expect(later.filter((s) => s.batterySn === battery).every((s) => s.workMode === 'backup')).toBe(true);
    expect(later.filter((s) => s.batterySn !== battery).every((s) => s.workMode === 'self-use')).toBe(true);

    await broker.sendCommand(first, { id: 'it-tampered', op: 'shutdown', val: '' }, true);
    await waitFor(() => acksFor('it-tampered').length > 0, 'the tampered ack');
    expect(acksFor('it-tampered')[0]).toMatchObject({ code: 2 });

    await broker.sendCommand(first, { id: 'it-foreign', op: 'shutdown', batterySn: second.batterySns[0] as string, val: '' });
    await waitFor(() => acksFor('it-foreign').length > 0, 'the foreign-battery ack');
    expect(acksFor('it-foreign')[0]).toMatchObject({ code: 1 });
  });

  it('reports upgrade progress and shows the new version in later telemetry', async () => {
    const battery = second.batterySns[0] as string;
    const val = JSON.stringify({ version: '9.9.9', url: firmwareUrl, size: firmware.length, sha256: firmwareSha256 });
    await broker.sendCommand(second, { id: 'it-upgrade', op: 'upgrade', batterySn: battery, val });
    await waitFor(() => acksFor('it-upgrade').some((a) => a.upgradeState === 'succeeded'), 'upgrade success');
    const states = acksFor('it-upgrade').map((a) => `${a.upgradeState}:${a.progress}:${a.code}`);
    expect(states).toEqual(['downloading:0:0', 'downloading:20:0', 'downloading:40:0', 'downloading:60:0', 'downloading:80:0', 'downloading:100:0', 'installing:100:0', 'succeeded:100:0']);
    const after = Date.now();
    await waitFor(() => samplesOf(second.gsn).some((s) => s.ts > after && s.batterySn === battery), 'later telemetry');
    expect(samplesOf(second.gsn).filter((s) => s.ts > after && s.batterySn === battery).every((s) => s.swVersion === '9.9.9')).toBe(true);
  });

  it('downloads the upgrade’s file and refuses it (download_failed, code 500) when its checksum or size differs, or it cannot be fetched; the old version stays', async () => {
    const battery = second.batterySns[1] as string;
    const cases = [
      ['it-bad-sha', { url: firmwareUrl, size: firmware.length, sha256: 'b'.repeat(64) }, 'sha256 mismatch'],
      ['it-bad-size', { url: firmwareUrl, size: firmware.length + 1, sha256: firmwareSha256 }, `size ${firmware.length} differs from ${firmware.length + 1}`],
      ['it-missing', { url: 'https://platform.example/none.bin', size: 10, sha256: firmwareSha256 }, 'download of https://platform.example/none.bin failed: HTTP 404'],
    ] as const;
    for (const [id, target, reason] of cases) {
      await broker.sendCommand(second, { id, op: 'upgrade', batterySn: battery, val: JSON.stringify({ version: '8.0.0', ...target }) });
      await waitFor(() => acksFor(id).some((a) => a.upgradeState === 'download_failed'), `${id} refused`);
      expect(acksFor(id).map((a) => `${a.upgradeState}:${a.code}`)).toEqual(['downloading:0', 'download_failed:500']);
      expect(acksFor(id).at(-1)?.message).toBe(reason);
    }
    const after = Date.now();
    await waitFor(() => samplesOf(second.gsn).some((s) => s.ts > after && s.batterySn === battery), 'later telemetry');
    expect(samplesOf(second.gsn).filter((s) => s.ts > after && s.batterySn === battery).every((s) => s.swVersion !== '8.0.0')).toBe(true);
  });

  it('restarts on command: ack 0, offline, back online, shutdown cleared', async () => {
    await broker.sendCommand(second, { id: 'it-shutdown', op: 'shutdown', val: '' });
    await waitFor(() => acksFor('it-shutdown').length > 0, 'the shutdown ack');
    const afterShutdown = Date.now();
    await waitFor(() => samplesOf(second.gsn).filter((s) => s.ts > afterShutdown).length >= 4, 'telemetry after shutdown');
    expect(samplesOf(second.gsn).filter((s) => s.ts > afterShutdown).every((s) => s.current === 0 && s.state === 'idle' && !s.relays.main)).toBe(true);

    const statesBefore = of(second.gsn, 'state').length;
    await broker.sendCommand(second, { id: 'it-restart', op: 'restart', val: '' });
    await waitFor(() => acksFor('it-restart').length > 0, 'the restart ack');
    expect(acksFor('it-restart')[0]).toMatchObject({ code: 0 });
    await waitFor(() => of(second.gsn, 'state').slice(statesBefore).some((m) => m.payload.online === true), 'back online');
    const states = of(second.gsn, 'state').slice(statesBefore).map((m) => m.payload);
    // A graceful restart: the logger says it is going offline (with ts), then comes back.
    expect(states[0]).toMatchObject({ online: false, ts: expect.any(Number) });
    await waitFor(() => broker.messages.some((m) => m.gsn === second.gsn && m.kind === 'events' && (m.payload.events as DeviceEvent[]).some((e) => e.code === 'N-RESTART')), 'the restart event');
    const afterRestart = Date.now();
    await waitFor(() => samplesOf(second.gsn).filter((s) => s.ts > afterRestart).length >= 2, 'telemetry after restart');
    expect(samplesOf(second.gsn).filter((s) => s.ts > afterRestart).every((s) => s.relays.main || s.status === 'fault')).toBe(true);
  });

  it('buffers samples through a network loss (the will fires) and replays them after reconnecting', async () => {
    const statesBefore = of(first.gsn, 'state').length;
    fleet.simulateOutage(first.gsn, 400);
    await waitFor(() => of(first.gsn, 'state').slice(statesBefore).some((m) => m.payload.online === false), 'the will');
    expect(of(first.gsn, 'state').slice(statesBefore)[0]?.payload).toEqual({ v: 1, online: false });
    await waitFor(() => fleet.stats().buffered >= 10, 'buffered samples');
    await waitFor(() => of(first.gsn, 'state').slice(statesBefore).some((m) => m.payload.online === true), 'back online');
    // The replay: messages carrying more than one tick's worth of samples.
    await waitFor(() => of(first.gsn, 'telemetry').some((m) => (m.payload.samples as unknown[]).length > 2), 'a replay batch');
    await waitFor(() => fleet.stats().buffered <= 4, 'the buffer drained');
  });

  it('loses no sample: every generated sample arrived exactly once per (battery, ts)', async () => {
    await fleet.stop();
    const stats = fleet.stats();
    const rows = new Set(credentials.flatMap((c) => samplesOf(c.gsn).map((s) => `${s.batterySn}|${s.ts}`)));
    expect(stats.buffered + rows.size).toBe(stats.samplesGenerated);
    expect(stats.samplesAcked).toBeGreaterThanOrEqual(rows.size);
    expect(stats.online).toBe(0);
    // A clean stop leaves the retained state at offline, with a ts (not the will).
    for (const c of credentials) expect(of(c.gsn, 'state').at(-1)?.payload).toMatchObject({ online: false, ts: expect.any(Number) });
  });

  it('is refused at connect with unknown credentials', async () => {
    const strangers = startFleet({ mqttUrl: broker.url, credentials: stranger, sampleIntervalMs: 50, reconnectPeriodMs: 100 });
    try {
      await waitFor(() => strangers.stats().connectErrors > 0, 'a refused connect');
      expect(strangers.stats().online).toBe(0);
      expect(broker.refusedConnects).toContain(stranger[0]?.gsn);
    } finally {
      await strangers.stop();
    }
  });

  it('generates load: every message acknowledged, every sample a distinct row', async () => {
    const before = broker.messages.length;
    const result = await publishLoad({ mqttUrl: broker.url, credentials: loadCredentials, totalSamples: 3000, samplesPerMessage: 40, inflightPerLogger: 8, timeoutMs: 15_000 });
    expect(result).toMatchObject({ published: 3 * 25, puback: 3 * 25, samples: 3000 });
    expect(result.perLoggerLastSeq).toEqual(Object.fromEntries(loadCredentials.map((c) => [c.gsn, 24])));
    const telemetry = broker.messages.slice(before).filter((m) => m.kind === 'telemetry');
    const samples = telemetry.flatMap((m) => m.payload.samples as BatterySample[]);
    expect(new Set(samples.map((s) => `${s.batterySn}|${s.ts}`)).size).toBe(3000);
    expect(telemetry.every((m) => telemetryMessageSchema.safeParse(m.payload).success)).toBe(true);
    expect(Math.min(...samples.map((s) => s.ts))).toBe(result.tsRange.from);
    expect(Math.max(...samples.map((s) => s.ts))).toBe(result.tsRange.to);
  });
});
