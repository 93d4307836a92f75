import { BatteryModel } from '@cellsight/simulator';
import { afterEach, describe, expect, it } from 'vitest';
import { BinaryCopyWriter } from '../../../db/copy-binary.js';
import { encodeSampleFields } from './sample-stage.js';
import { decodeTelemetry } from './telemetry-decoder.js';
import { createTelemetryDecoder, type TelemetryDecoder } from './telemetry-decoder-pool.js';

const sample = (batterySn: string, ts: number) => new BatteryModel({ batterySn, role: 'master', timeZone: 'UTC', seed: 'decoder' }).sample(ts);
const message = (samples: unknown[]) => Buffer.from(JSON.stringify({ v: 1, seq: 1, samples }));
const encoded = (value: ReturnType<typeof sample>) => {
  const writer = new BinaryCopyWriter(512, { fieldsOnly: true });
  encodeSampleFields(writer, value);
  return writer.bytes();
};

describe('decodeTelemetry', () => {
  it('gives each sample its battery, time and COPY fields', () => {
    const now = Date.now();
    const samples = [sample('BAT-0001', now - 1000), sample('BAT-0002', now)];
    const result = decodeTelemetry(message(samples));
    if (!('telemetry' in result)) throw new Error(JSON.stringify(result));
    const { batterySns, timestamps, fields, ends } = result.telemetry;
    expect(batterySns).toEqual(['BAT-0001', 'BAT-0002']);
    expect(timestamps).toEqual([now - 1000, now]);
    expect(fields.subarray(0, ends[0])).toEqual(encoded(samples[0] as ReturnType<typeof sample>));
    expect(fields.subarray(ends[0], ends[1])).toEqual(encoded(samples[1] as ReturnType<typeof sample>));
  });

  it('refuses a message naming the field that is wrong', () => {
    const bad = { ...sample('BAT-0001', Date.now()), soc: 101 };
    expect(decodeTelemetry(message([bad]))).toEqual({ refusal: { reason: 'invalid', detail: 'samples.0.soc: Too big: expected number to be <=100' } });
    expect(decodeTelemetry(Buffer.from('{"v":1,'))).toMatchObject({ refusal: { reason: 'not-json' } });
    expect(decodeTelemetry(Buffer.alloc(300 * 1024, 32))).toMatchObject({ refusal: { reason: 'too-large' } });
  });
});

describe('the decoder threads', () => {
  let decoder: TelemetryDecoder | null = null;
  afterEach(async () => {
    await decoder?.close();
    decoder = null;
  });

  it('answer as the main thread would, each logger in the order given', async () => {
    decoder = createTelemetryDecoder({ threads: 2 });
    const now = Date.now();
    // Messages cut out of one larger buffer, as the MQTT parser hands them over.
    const payloads = Array.from({ length: 40 }, (_, i) => message([sample(`BAT-${1000 + i}`, now - 40 + i)]));
    const shared = Buffer.concat(payloads.flatMap((payload) => [payload, Buffer.from('garbage')]));
    let at = 0;
    const views = payloads.map((payload) => {
      const view = shared.subarray(at, at + payload.length);
      at += payload.length + 'garbage'.length;
      return view;
    });
    const answered: string[] = [];
    const results = await Promise.all(
      views.map(async (view, i) => {
        const result = await (decoder as TelemetryDecoder).decode(`LOGGER-${i % 3}`, view);
        answered.push(`LOGGER-${i % 3}:${i}`);
        return result;
      }),
    );
    expect(results).toEqual(payloads.map((payload) => decodeTelemetry(payload)));
    for (const logger of ['LOGGER-0', 'LOGGER-1', 'LOGGER-2']) {
      const order = answered.filter((entry) => entry.startsWith(`${logger}:`)).map((entry) => Number(entry.split(':')[1]));
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
    // The caller's buffer is left as it was (each message was copied, not moved).
    expect(shared.length).toBeGreaterThan(0);
    expect(views[0]?.toString()).toBe(payloads[0]?.toString());
  });

  it('refuse a bad message in a thread with the same words', async () => {
    decoder = createTelemetryDecoder({ threads: 1 });
    const bad = message([{ ...sample('BAT-0001', Date.now()), cellVoltages: [3.3, 11] }]);
    expect(await decoder.decode('LOGGER-0', bad)).toEqual(decodeTelemetry(bad));
    expect(await decoder.decode('LOGGER-0', bad)).toMatchObject({ refusal: { detail: 'samples.0.cellVoltages.1: Too big: expected number to be <=10' } });
  });
});
