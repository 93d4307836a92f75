import { StationStatus } from '@cellsight/contract';

/** The `stations:status` key of a station status (0 fault, 1 warning, 2 normal, 3 offline). */
export type StationStatusKey = 'fault' | 'warning' | 'normal' | 'offline';
export const stationStatusKeys: StationStatusKey[] = ['fault', 'warning', 'normal', 'offline'];

const keys: Record<number, StationStatusKey> = {
  [StationStatus.Fault]: 'fault',
  [StationStatus.Warning]: 'warning',
  [StationStatus.Normal]: 'normal',
  [StationStatus.Offline]: 'offline',
};
export const stationStatusKey = (status: number): StationStatusKey => keys[status] ?? 'offline';

/** Colours of the map's dots and the figures (antd's palette); offline is grey: it says nothing about the batteries. */
export const stationStatusColors: Record<StationStatusKey, string> = { fault: '#ff4d4f', warning: '#faad14', normal: '#52c41a', offline: '#8c8c8c' };
/** Tag colours of event types, the worst strongest. */
export const eventTypeTagColors = { fault: 'red', protect: 'volcano', warning: 'gold', normal: 'blue' } as const;
