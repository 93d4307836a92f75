import type { BatteryRepository } from './battery.repository.js';
import type { BatteryReadingRepository } from './battery-reading.repository.js';

/**
 * The battery module's face: what other modules read and write of batteries (which logger reports
 * each, one within the caller's logger scope, a battery given to another logger, a station's
 * batteries summed for its chart). The door builds it once, as `app.batteries`; the module's
 * repositories stay its own.
 */
export const createBatteryRecords = (batteries: BatteryRepository, readings: BatteryReadingRepository) => {
  const { findVisibleBattery, batteryOwners, moveBattery } = batteries;
  const { stationBuckets, stationEnergy, stationFirstDay } = readings;
  return { findVisibleBattery, batteryOwners, moveBattery, stationBuckets, stationEnergy, stationFirstDay };
};

export type BatteryRecords = ReturnType<typeof createBatteryRecords>;
