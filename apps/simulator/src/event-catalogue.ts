import { type DeviceEvent } from '@cellsight/contract';
import { type Restriction } from './battery-model.js';
import { type Rng } from './random.js';

/** Battery events the simulator raises at random, with what each does to the pack while open. */
export interface EventKind {
  type: DeviceEvent['type'];
  code: string;
  category: string;
  /** Relative frequency. */
  weight: number;
  restriction: (rng: Rng, cells: number) => Restriction | null;
}

const warning = (): Restriction => ({ status: 'warning', blockCharge: false, blockDischarge: false, openMain: false });

export const eventCatalogue: readonly EventKind[] = [
  {
    type: 'warning',
    code: 'W-CELL-DELTA',
    category: 'cell',
    weight: 5,
    // One cell drifts out of line by 60-120 mV while the warning is open.
    restriction: (rng, cells) => ({ ...warning(), cellOffsetMv: { cell: rng.int(0, cells - 1), mv: rng.pick([-1, 1]) * rng.between(60, 120) } }),
  },
  { type: 'warning', code: 'W-TEMP-HIGH', category: 'temperature', weight: 4, restriction: warning },
  { type: 'warning', code: 'W-SOC-LOW', category: 'soc', weight: 3, restriction: warning },
  { type: 'normal', code: 'N-BALANCING', category: 'cell', weight: 4, restriction: () => null },
  { type: 'protect', code: 'P-UNDERVOLT', category: 'voltage', weight: 2, restriction: () => ({ status: 'protect', blockCharge: false, blockDischarge: true, openMain: false }) },
  { type: 'protect', code: 'P-OVERCURRENT', category: 'current', weight: 1, restriction: () => ({ status: 'protect', blockCharge: true, blockDischarge: true, openMain: false }) },
  { type: 'fault', code: 'F-OVERTEMP', category: 'temperature', weight: 1, restriction: () => ({ status: 'fault', blockCharge: true, blockDischarge: true, openMain: true }) },
  { type: 'fault', code: 'F-BMS-COMM', category: 'communication', weight: 1, restriction: () => ({ status: 'fault', blockCharge: true, blockDischarge: true, openMain: true }) },
];

const totalWeight = eventCatalogue.reduce((sum, kind) => sum + kind.weight, 0);

export const pickEventKind = (rng: Rng): EventKind => {
  let roll = rng.next() * totalWeight;
  for (const kind of eventCatalogue) {
    roll -= kind.weight;
    if (roll < 0) return kind;
  }
  return eventCatalogue[0] as EventKind;
};

/** Logger-level event sent after a restart command (no battery). */
export const restartEvent = { type: 'normal', code: 'N-RESTART', category: 'system' } as const;
