import { batterySampleSchema } from '@cellsight/contract';
import { describe, expect, it } from 'vitest';
import { BatteryModel, cellOcv, type BatteryConfig } from './battery-model.js';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

const battery = (config: Partial<BatteryConfig> = {}): BatteryModel =>
  new BatteryModel({ batterySn: 'SIM000001-B01', role: 'master', timeZone: 'UTC', seed: 'test', capacityAh: 100, ...config });

/** Steps the battery every `stepMs` from `from` for `durationMs`, calling `each` after every step. */
const run = (model: BatteryModel, from: number, durationMs: number, stepMs = minute, each?: (t: number) => void): number => {
  model.step(from);
  let t = from;
  while (t < from + durationMs) {
    t += stepMs;
    model.step(t);
    each?.(t);
  }
  return t;
};

describe('battery model', () => {
  it('keeps SOC within 0-100 % and the configured limits over several days', () => {
    const model = battery({ initialSoc: 50 });
    model.applySettings({ socMin: 15, socMax: 90 });
    let min = 100;
    let max = 0;
    run(model, Date.UTC(2026, 0, 10), 5 * day, 5 * minute, () => {
      min = Math.min(min, model.soc);
      max = Math.max(max, model.soc);
    });
    expect(min).toBeGreaterThanOrEqual(15 - 1e-9);
    expect(max).toBeLessThanOrEqual(90 + 1e-9);
    // The profile really cycles the pack between the limits.
    expect(max - min).toBeGreaterThan(30);
  });

  it('never leaves 0-100 % even from the edges', () => {
    for (const initialSoc of [0, 100]) {
      const model = battery({ initialSoc });
      model.applySettings({ socMin: 0, socMax: 100, eod: 44 });
      run(model, Date.UTC(2026, 0, 10), 2 * day, 10 * minute, () => {
        expect(model.soc).toBeGreaterThanOrEqual(0);
        expect(model.soc).toBeLessThanOrEqual(100);
      });
    }
  });

  it('charges late morning to afternoon, discharges in the evening, idles at dawn (local time)', () => {
    const stateAt = (localHour: number): string => {
      const model = battery({ timeZone: 'Europe/Berlin', initialSoc: 50 });
      // 2026-06-15 is summer time in Berlin: UTC+2.
      const t = Date.UTC(2026, 5, 15, localHour - 2, 0);
      model.step(t - minute);
      model.step(t);
      return model.state;
    };
    expect(stateAt(6)).toBe('idle');
    expect(stateAt(13)).toBe('charge');
    expect(stateAt(20)).toBe('discharge');
  });

  it('accounts energy: the daily counters equal the integral of V x I', () => {
    const model = battery({ initialSoc: 20 });
    let charged = 0;
    let discharged = 0;
    // From 04:00 UTC to 23:00: one full charge window and most of the evening discharge.
    run(model, Date.UTC(2026, 0, 10, 4), 19 * hour, minute, () => {
      const sample = model.sample(0);
      const kwh = (Math.abs(sample.power) * 60) / 3_600_000;
      if (sample.power > 0) charged += kwh;
      else discharged += kwh;
    });
    expect(model.chargeEnergyToday).toBeGreaterThan(1);
    expect(model.dischargeEnergyToday).toBeGreaterThan(0.5);
    expect(model.chargeEnergyToday).toBeCloseTo(charged, 1);
    expect(model.dischargeEnergyToday).toBeCloseTo(discharged, 1);
    // And it is consistent with the capacity: charged kWh ≈ ΔSOC x Ah x V, within the voltage range.
    expect(model.chargeEnergyToday).toBeLessThan((100 * 100 * 58) / 1000 / 100);
  });

  it('resets the daily energy at local midnight of its own zone', () => {
    const shanghai = battery({ timeZone: 'Asia/Shanghai', initialSoc: 90 });
    const utc = battery({ timeZone: 'UTC', initialSoc: 90 });
    // 20:00 in Shanghai (12:00 UTC) to 23:59 local: evening discharge.
    const start = Date.UTC(2026, 0, 10, 12);
    const beforeMidnight = Date.UTC(2026, 0, 10, 15, 59);
    run(shanghai, start, beforeMidnight - start);
    run(utc, start, beforeMidnight - start);
    const shanghaiBefore = shanghai.dischargeEnergyToday;
    const utcBefore = utc.chargeEnergyToday + utc.dischargeEnergyToday;
    expect(shanghaiBefore).toBeGreaterThan(0.5);
    // 16:02 UTC is 00:02 in Shanghai: its counters start again; the UTC battery's do not.
    shanghai.step(Date.UTC(2026, 0, 10, 16, 2));
    utc.step(Date.UTC(2026, 0, 10, 16, 2));
    expect(shanghai.dischargeEnergyToday).toBeLessThan(0.1);
    expect(shanghai.chargeEnergyToday).toBe(0);
    expect(utc.chargeEnergyToday + utc.dischargeEnergyToday).toBeGreaterThanOrEqual(utcBefore);
  });

  it('spreads 16 cell voltages slightly around the OCV and sums them to the pack voltage', () => {
    const model = battery({ initialSoc: 55 });
    run(model, Date.UTC(2026, 0, 10, 3), 2 * hour);
    const sample = model.sample(Date.now());
    expect(sample.cellVoltages).toHaveLength(16);
    expect(sample.cellTemperatures).toHaveLength(16);
    const spread = Math.max(...sample.cellVoltages) - Math.min(...sample.cellVoltages);
    expect(spread).toBeGreaterThan(0.001);
    expect(spread).toBeLessThan(0.06);
    for (const v of sample.cellVoltages) expect(Math.abs(v - cellOcv(model.soc))).toBeLessThan(0.05);
    expect(sample.voltage).toBeCloseTo(sample.cellVoltages.reduce((a, b) => a + b, 0), 1);
    expect(sample.temperature).toBe(Math.max(...sample.cellTemperatures));
    expect(batterySampleSchema.safeParse(sample).success).toBe(true);
  });

  it('lets the cells drift over time', () => {
    const model = battery({ initialSoc: 55 });
    model.step(Date.UTC(2026, 0, 10, 3));
    const first = model.cellVoltages(0);
    model.applySettings({ socMin: 55, socMax: 55 });
    run(model, Date.UTC(2026, 0, 10, 3), 3 * day, 10 * minute);
    const later = model.cellVoltages(0);
    expect(later).not.toEqual(first);
  });

  it('stops discharging at the EOD voltage: a higher EOD leaves more charge', () => {
    const finalSoc = (eod: number): number => {
      const model = battery({ initialSoc: 12 });
      model.applySettings({ socMin: 0, eod });
      run(model, Date.UTC(2026, 0, 10, 17), 10 * hour);
      return model.soc;
    };
    const low = finalSoc(44);
    const high = finalSoc(50);
    expect(high).toBeGreaterThan(low + 1);
  });

  it('grows cycles and lowers SOH with throughput', () => {
    const model = battery({ initialSoc: 50 });
    const before = { cycles: model.cycles, soh: model.soh };
    run(model, Date.UTC(2026, 0, 10), 20 * day, 10 * minute);
    expect(model.cycles).toBeGreaterThan(before.cycles + 5);
    expect(model.soh).toBeLessThan(before.soh);
    expect(model.soh).toBeGreaterThan(before.soh - 1);
  });

  it('sits idle with zero current while shut down', () => {
    const model = battery({ initialSoc: 50 });
    model.shutdown = true;
    run(model, Date.UTC(2026, 0, 10, 12), hour);
    const sample = model.sample(Date.now());
    expect(sample.current).toBe(0);
    expect(sample.state).toBe('idle');
    expect(sample.relays).toEqual({ main: false, charge: false, discharge: false });
  });

  it('warms under load', () => {
    const model = battery({ initialSoc: 10, timeZone: 'UTC' });
    run(model, Date.UTC(2026, 0, 10, 5), 4 * hour);
    const idle = model.temperature;
    run(model, Date.UTC(2026, 0, 10, 9), 4 * hour);
    expect(model.state).toBe('charge');
    expect(model.temperature).toBeGreaterThan(idle);
  });
});
