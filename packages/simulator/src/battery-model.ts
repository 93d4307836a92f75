import { createHash } from 'node:crypto';
import { type BatterySample } from '@cellsight/contract';
import { localTime } from './local-time.js';
import { createRng, type Rng } from './random.js';

/**
 * One 16S LFP battery pack (48 V class, EOD 44-50 V) driven by a daily profile in the station's
 * local time: charge from solar late morning to afternoon, discharge in the evening and night,
 * idle otherwise. Time is "simulated time": the fleet may run the day faster than the wall clock.
 */

export type BatteryRole = BatterySample['role'];
export type BatteryStatus = BatterySample['status'];

export interface BatteryConfig {
  batterySn: string;
  role: BatteryRole;
  timeZone: string;
  /** Seeds the battery's own random source (noise, cell spread, initial state). */
  seed: string;
  cells?: number;
  /** Nominal capacity, Ah. */
  capacityAh?: number;
  hwVersion?: string;
  swVersion?: string;
  initialSoc?: number;
}

export interface BatterySettings {
  /** End-of-discharge pack voltage, V (44-50). */
  eod: number;
  socMin: number;
  socMax: number;
  workMode: string;
}

/** What an open device event does to the pack (the logger sets it while the event is open). */
export interface Restriction {
  status: Exclude<BatteryStatus, 'normal' | 'upgrading'>;
  blockCharge: boolean;
  blockDischarge: boolean;
  /** A fault opens the main relay. */
  openMain: boolean;
  /** Index of a cell pushed out of line (cell-delta warnings), if any. */
  cellOffsetMv?: { cell: number; mv: number };
}

export const defaultSettings: BatterySettings = { eod: 46, socMin: 10, socMax: 100, workMode: 'self-use' };

/** LFP open-circuit voltage per cell against SOC (%). */
const ocvCurve: ReadonlyArray<readonly [number, number]> = [
  [0, 2.8],
  [3, 3.0],
  [8, 3.15],
  [15, 3.22],
  [30, 3.27],
  [50, 3.29],
  [70, 3.31],
  [90, 3.34],
  [97, 3.4],
  [100, 3.5],
];

export const cellOcv = (soc: number): number => {
  const s = Math.min(100, Math.max(0, soc));
  for (let i = 1; i < ocvCurve.length; i++) {
    const [s1, v1] = ocvCurve[i] as readonly [number, number];
    if (s <= s1) {
      const [s0, v0] = ocvCurve[i - 1] as readonly [number, number];
      return v0 + ((v1 - v0) * (s - s0)) / (s1 - s0);
    }
  }
  return 3.5;
};

const round = (value: number, decimals: number): number => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};
const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/** Bell over a window of the day: 0 at the edges, 1 in the middle. */
const bell = (hour: number, from: number, to: number): number => {
  const span = (to - from + 24) % 24;
  const pos = (hour - from + 24) % 24;
  return pos < span ? Math.sin((Math.PI * pos) / span) : 0;
};

/** Simulated time one integration step covers at most, s... */
const maxSubStepS = 60;
/** ...unless a step is very long (a fast time scale): then at most this many sub-steps, to bound CPU. */
const maxSubSteps = 120;

export class BatteryModel {
  readonly batterySn: string;
  readonly bmsSn: string;
  readonly bmuSn: string;
  readonly role: BatteryRole;
  readonly capacityAh: number;
  readonly timeZone: string;
  hwVersion: string;
  swVersion: string;
  settings: BatterySettings = { ...defaultSettings };

  soc: number;
  soh: number;
  current = 0;
  temperature: number;
  chargeEnergyToday = 0;
  dischargeEnergyToday = 0;
  shutdown = false;
  upgrading = false;
  restriction: Restriction | null = null;

  private readonly rng: Rng;
  private readonly cellCount: number;
  /** Per-cell voltage offsets, V: a fixed part and a slow drift. */
  private readonly cellOffsets: number[];
  private readonly cellDrift: number[];
  private readonly cellTempOffsets: number[];
  private readonly initialCycles: number;
  private readonly initialSoh: number;
  private readonly chargeA: number;
  private readonly dischargeA: number;
  private dischargedAh = 0;
  /** Set when the pack hit the EOD voltage; discharge stays off until it charges again. */
  private eodReached = false;
  private simTime: number | null = null;
  private day: number | null = null;

  constructor(config: BatteryConfig) {
    this.rng = createRng(`battery|${config.seed}|${config.batterySn}`);
    const hash = createHash('sha256').update(config.batterySn).digest('hex').toUpperCase();
    this.batterySn = config.batterySn;
    this.bmsSn = `BMS-${hash.slice(0, 12)}`;
    this.bmuSn = `BMU-${hash.slice(12, 24)}`;
    this.role = config.role;
    this.timeZone = config.timeZone;
    this.cellCount = config.cells ?? 16;
    this.capacityAh = config.capacityAh ?? this.rng.pick([100, 100, 200, 280]);
    this.hwVersion = config.hwVersion ?? 'H2.1';
    this.swVersion = config.swVersion ?? '1.4.2';
    this.soc = config.initialSoc ?? this.rng.between(30, 80);
    this.initialCycles = this.rng.int(0, 600);
    this.initialSoh = this.rng.between(96, 100) - this.initialCycles * 0.004;
    this.soh = this.initialSoh;
    this.temperature = 22 + this.rng.between(-2, 2);
    this.chargeA = this.capacityAh * this.rng.between(0.2, 0.35);
    this.dischargeA = this.capacityAh * this.rng.between(0.15, 0.3);
    this.cellOffsets = Array.from({ length: this.cellCount }, () => this.rng.normal() * 0.004);
    this.cellDrift = Array.from({ length: this.cellCount }, () => 0);
    this.cellTempOffsets = Array.from({ length: this.cellCount }, () => this.rng.normal() * 0.8);
  }

  get cycles(): number {
    return this.initialCycles + Math.floor(this.dischargedAh / this.capacityAh);
  }

  /** Worst first: fault, protect, upgrading, warning, normal. */
  get status(): BatteryStatus {
    const restricted = this.restriction?.status;
    if (restricted === 'fault' || restricted === 'protect') return restricted;
    if (this.upgrading) return 'upgrading';
    return restricted ?? 'normal';
  }

  get state(): BatterySample['state'] {
    if (this.current > 0.5) return 'charge';
    if (this.current < -0.5) return 'discharge';
    return 'idle';
  }

  get relays(): BatterySample['relays'] {
    const main = !this.shutdown && !this.restriction?.openMain;
    return {
      main,
      charge: main && !this.restriction?.blockCharge && this.soc < this.settings.socMax,
      discharge: main && !this.restriction?.blockDischarge && this.soc > this.settings.socMin,
    };
  }

  applySettings(settings: Partial<BatterySettings>): void {
    this.settings = { ...this.settings, ...settings };
  }

  /** Advances the pack to simulated time `simMs` (the first call only sets the clock). */
  step(simMs: number): void {
    if (this.simTime === null || simMs <= this.simTime) {
      this.simTime ??= simMs;
      this.day ??= localTime(this.timeZone, simMs).day;
      return;
    }
    const total = (simMs - this.simTime) / 1000;
    const subSteps = Math.min(maxSubSteps, Math.ceil(total / maxSubStepS));
    const dt = total / subSteps;
    for (let i = 0; i < subSteps; i++) {
      this.simTime += dt * 1000;
      this.integrate(dt);
    }
    this.simTime = simMs;
  }

  /** Target current for the hour of the local day, A (positive charges), before limits. */
  private profileCurrent(hour: number): number {
    const charge = bell(hour, 10, 16.5) * this.chargeA;
    // Evening peak, then a lower night load until early morning.
    const discharge = bell(hour, 17.5, 23) * this.dischargeA + bell(hour, 21, 3) * this.dischargeA * 0.5;
    return charge - discharge;
  }

  private integrate(dt: number): void {
    const now = this.simTime ?? 0;
    const { day, hour } = localTime(this.timeZone, now);
    if (this.day !== day) {
      // Local midnight: the "today" counters start again.
      this.day = day;
      this.chargeEnergyToday = 0;
      this.dischargeEnergyToday = 0;
    }

    const { socMin, socMax, eod } = this.settings;
    let current = this.profileCurrent(hour);
    if (Math.abs(current) > 0.5) current *= 1 + this.rng.normal() * 0.02;
    const relays = this.relays;
    if (current > 0) {
      if (!relays.charge) current = 0;
      // Constant-voltage phase: the charger tapers the current near the top.
      else current *= clamp((socMax - this.soc) / 6, 0.05, 1);
    } else if (current < 0) {
      if (!relays.discharge || this.eodReached) current = 0;
      else if (this.packVoltage(current) <= eod) {
        this.eodReached = true;
        current = 0;
      }
    }
    if (!relays.main) current = 0;
    if (current > 0) this.eodReached = false;
    this.current = current;

    const usableAh = (this.capacityAh * Math.max(this.soh, 1)) / 100;
    const nextSoc = this.soc + ((current * dt) / 3600 / usableAh) * 100;
    // Never integrate past the limits: a real BMS cuts the current there.
    if (current > 0) this.soc = clamp(nextSoc, 0, Math.max(socMax, this.soc));
    else if (current < 0) this.soc = clamp(nextSoc, Math.min(socMin, this.soc), 100);

    const voltage = this.packVoltage(current);
    const energyKwh = (voltage * Math.abs(current) * dt) / 3_600_000;
    if (current > 0) this.chargeEnergyToday += energyKwh;
    else if (current < 0) {
      this.dischargeEnergyToday += energyKwh;
      this.dischargedAh += (-current * dt) / 3600;
    }
    // About 20 % capacity loss over 5,000 equivalent full cycles, plus a little calendar ageing.
    this.soh = clamp(this.initialSoh - (this.dischargedAh / this.capacityAh) * 0.004 - dt * 1e-9, 0, 100);

    // Cell drift: a bounded random walk, scaled to the step length.
    const walk = 0.0002 * Math.sqrt(dt / 10);
    for (let i = 0; i < this.cellCount; i++) {
      const drift = (this.cellDrift[i] ?? 0) + this.rng.normal() * walk;
      this.cellDrift[i] = clamp(drift * 0.999, -0.015, 0.015);
    }

    // First-order thermal model: ambient follows the day, the pack warms with I squared.
    const ambient = 22 + 6 * Math.sin((2 * Math.PI * (hour - 9)) / 24);
    const heating = 8 * (current / (0.5 * this.capacityAh)) ** 2;
    const tau = 1800;
    this.temperature += (ambient + heating - this.temperature) * (1 - Math.exp(-dt / tau));
  }

  /** Cell voltages, V: OCV plus IR drop plus each cell's offset (wider near empty and full). */
  cellVoltages(current = this.current): number[] {
    const ocv = cellOcv(this.soc);
    const resistance = 0.1 / this.capacityAh; // ≈ 1 mΩ per cell with its busbars for 100 Ah
    const knee = this.soc < 10 || this.soc > 95 ? 2.5 : 1;
    const extra = this.restriction?.cellOffsetMv;
    return this.cellOffsets.map((offset, i) => {
      const bump = extra && extra.cell === i ? extra.mv / 1000 : 0;
      return round(ocv + current * resistance + (offset + (this.cellDrift[i] ?? 0)) * knee + bump, 3);
    });
  }

  private packVoltage(current: number): number {
    return this.cellVoltages(current).reduce((sum, v) => sum + v, 0);
  }

  cellTemperatures(): number[] {
    return this.cellTempOffsets.map((offset) => round(this.temperature + offset + this.rng.normal() * 0.2, 1));
  }

  sample(ts: number): BatterySample {
    const cellVoltages = this.cellVoltages();
    const cellTemperatures = this.cellTemperatures();
    const voltage = round(cellVoltages.reduce((sum, v) => sum + v, 0), 2);
    const current = round(this.current, 2);
    return {
      ts,
      batterySn: this.batterySn,
      bmsSn: this.bmsSn,
      bmuSn: this.bmuSn,
      state: this.state,
      status: this.status,
      soc: round(this.soc, 2),
      soh: round(this.soh, 2),
      cycles: this.cycles,
      voltage,
      current,
      power: Math.round(voltage * current),
      temperature: Math.max(...cellTemperatures),
      chargeEnergyToday: round(this.chargeEnergyToday, 3),
      dischargeEnergyToday: round(this.dischargeEnergyToday, 3),
      relays: this.relays,
      hwVersion: this.hwVersion,
      swVersion: this.swVersion,
      role: this.role,
      workMode: this.settings.workMode,
      cellVoltages,
      cellTemperatures,
    };
  }
}
