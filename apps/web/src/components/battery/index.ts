export { BatteryCellsPanel } from './battery-cells-panel';
export { BatteryStatusTag, useBatteryTexts } from './battery-texts';
export { batteryCellsKey, useBatteryCells } from './use-battery-cells';
