import type { DeviceRepository } from './device.repository.js';

/**
 * The device module's face: what other modules read and write of loggers and batteries (the scope
 * rule's visible loggers, batteries and their owners, cell readings and rollups, keys for the
 * broker's accounts, status and events that ingestion stores). The door builds it once, as
 * `app.devices`; the module's repository stays its own.
 */
export const createDeviceRecords = (repository: DeviceRepository) => {
  const { findLogger, findVisibleLogger, visibleGsns, findVisibleBattery, batteryOwners, latestCells, rollups, loggerKeys, updateStatus, upsertEvents } = repository;
  return { findLogger, findVisibleLogger, visibleGsns, findVisibleBattery, batteryOwners, latestCells, rollups, loggerKeys, updateStatus, upsertEvents };
};

export type DeviceRecords = ReturnType<typeof createDeviceRecords>;
