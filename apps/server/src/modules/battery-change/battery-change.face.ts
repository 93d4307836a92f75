import type { BatteryChangeRepository } from './battery-change.repository.js';
import type { BatteryMoveService } from './battery-move.service.js';

/**
 * The battery-change module's face: replacements the device plane detects (a new battery in the
 * slot of one the logger reported before), and a battery given to another logger (the Loggers
 * screen's move, recorded as a change in the same transaction). The door builds it once, as
 * `app.batteryChanges`; the module's repository stays its own.
 */
export const createBatteryChanges = (repository: BatteryChangeRepository, moves: BatteryMoveService) => ({
  recordDetected: (gsn: string, batterySns: string[]) => repository.recordDetected(gsn, batterySns),
  moves,
});

export type BatteryChanges = ReturnType<typeof createBatteryChanges>;
