export { EditableGrid, type EditableGridProps } from './editable-grid';
export { validateGridTabs } from './validate-grid-tabs';
export type * from './types';
export { useGridSocket, type GridSocket } from './use-grid-socket';
