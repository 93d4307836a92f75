import { type DeviceEvent, type EventCode, eventCatalogue as codes } from '@cellsight/contract';
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

/** A code of the contract's catalogue (type and category from there) with how often and how it strikes here. */
const kind = (code: EventCode, weight: number, restriction: EventKind['restriction']): EventKind => ({ type: codes[code].type, code, category: codes[code].category, weight, restriction });

export const eventCatalogue: readonly EventKind[] = [
  // One cell drifts out of line by 60-120 mV while the warning is open.
  kind('W-CELL-DELTA', 5, (rng, cells) => ({ ...warning(), cellOffsetMv: { cell: rng.int(0, cells - 1), mv: rng.pick([-1, 1]) * rng.between(60, 120) } })),
  kind('W-TEMP-HIGH', 4, warning),
  kind('W-SOC-LOW', 3, warning),
  kind('N-BALANCING', 4, () => null),
  kind('P-UNDERVOLT', 2, () => ({ status: 'protect', blockCharge: false, blockDischarge: true, openMain: false })),
  kind('P-OVERCURRENT', 1, () => ({ status: 'protect', blockCharge: true, blockDischarge: true, openMain: false })),
  kind('F-OVERTEMP', 1, () => ({ status: 'fault', blockCharge: true, blockDischarge: true, openMain: true })),
  kind('F-BMS-COMM', 1, () => ({ status: 'fault', blockCharge: true, blockDischarge: true, openMain: true })),
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
export const restartEvent = { type: codes['N-RESTART'].type, code: 'N-RESTART', category: codes['N-RESTART'].category } as const;
