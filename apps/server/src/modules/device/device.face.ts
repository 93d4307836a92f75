import type { DeviceRepository } from './device.repository.js';

/**
 * The device module's face: what other modules read and write of loggers and batteries (the scope
 * rule's visible loggers, batteries and their owners, cell readings and rollups, keys for the
 * broker's accounts, status, online state and events that the device plane stores, the demo
 * fleet's loggers, a battery given to another logger). The door builds it once, as
 * `app.devices`; the module's repository stays its own.
 */
export const createDeviceRecords = (repository: DeviceRepository) => {
  const { findLogger, findVisibleLogger, visibleGsns, findVisibleBattery, batteryOwners, latestCells, rollups, loggerKeys, updateStatus, upsertEvents, setOnline, touch, markSilentOffline, insertLoggers, moveBattery } = repository;
  return { findLogger, findVisibleLogger, visibleGsns, findVisibleBattery, batteryOwners, latestCells, rollups, loggerKeys, updateStatus, upsertEvents, setOnline, touch, markSilentOffline, insertLoggers, moveBattery };
};

export type DeviceRecords = ReturnType<typeof createDeviceRecords>;
