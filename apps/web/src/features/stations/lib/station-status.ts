import { StationStatus } from '@cellsight/contract';

/** The `status` locale key of a station status (0 fault, 1 warning, 2 normal, 3 offline). */
export type StationStatusKey = 'fault' | 'warning' | 'normal' | 'offline';

const keys: Record<number, StationStatusKey> = {
  [StationStatus.Fault]: 'fault',
  [StationStatus.Warning]: 'warning',
  [StationStatus.Normal]: 'normal',
  [StationStatus.Offline]: 'offline',
};

// Offline is grey, not red: a station that stopped reporting says nothing about its batteries.
const colors: Record<StationStatusKey, string> = { fault: 'red', warning: 'orange', normal: 'green', offline: 'default' };

export const stationStatusKey = (status: number): StationStatusKey | undefined => keys[status];

/** The tag colour of a station status; grey for a value the console does not know. */
export const stationStatusColor = (status: number): string => {
  const key = stationStatusKey(status);
  return key ? colors[key] : 'default';
};
