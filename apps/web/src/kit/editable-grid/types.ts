import type { CellRule } from '@cellsight/contract';
import type { ReactNode } from 'react';
import type { PopupReportInputProps } from '@/components/pickers/popup-report-input';

/** The cell types of spec section 3 (JeecgBoot's JVxeTable), plus `tags` (spec section 5's tags text). */
export type GridCellType =
  | 'normal'
  | 'input'
  | 'inputNumber'
  | 'checkbox'
  | 'checkbox_meta'
  | 'select'
  | 'date'
  | 'datetime'
  | 'sel_depart'
  | 'sel_user'
  | 'input_pop'
  | 'upload'
  | 'file'
  | 'image'
  | 'popup'
  | 'radio'
  | 'list_multi'
  | 'sel_search'
  | 'slot'
  | 'hidden'
  | 'tags';

export type GridRow = Record<string, unknown>;

export type GridStatistic = 'sum' | 'average' | 'count';

export interface GridOption {
  value: string | number;
  label: ReactNode;
}

/** What a `slot` or `popup` cell's render prop is handed. */
export interface GridCellRenderProps<Row extends GridRow = GridRow> {
  value: unknown;
  row: Row;
  rowKey: string;
  /** Sets the cell's value (rules run as on change). */
  onChange: (value: unknown) => void;
  /** Sets other cells of the same row too (a popup filling several columns). */
  onRowChange: (values: Partial<Row>) => void;
  disabled: boolean;
  invalid: boolean;
}

/** One column of the grid (spec section 3: key, title, type, width, options, dictCode, defaultValue, validateRules, statistics …). */
export interface GridColumn<Row extends GridRow = GridRow> {
  key: string;
  title: string;
  type: GridCellType;
  width?: number;
  /** Choices of select, radio, list_multi and sel_search cells (or `dictCode`). */
  options?: readonly GridOption[];
  /** A dictionary whose items are the choices. */
  dictCode?: string;
  /** The value of a new row's cell (a function for one per row). */
  defaultValue?: unknown;
  validateRules?: readonly CellRule<Row>[];
  /** Statistics rows under the table. */
  statistics?: readonly GridStatistic[];
  placeholder?: string;
  /** The accessible name of the column's cell in a row (`Logger SN of logger 2`), where no visible label names it. */
  cellLabel?: (rowIndex: number) => string;
  disabled?: boolean;
  /** Checkbox cells: the values stored when ticked and not (default true and false). */
  checkedValue?: unknown;
  uncheckedValue?: unknown;
  /** `popup` cells: the online report to pick from; the chosen row's `orgFields` fill this row's `destFields`. */
  popup?: Pick<PopupReportInputProps, 'code' | 'orgFields' | 'destFields' | 'multi' | 'params'>;
  /** `slot` cells, and `popup` cells of another picker: the cell itself. */
  render?: (props: GridCellRenderProps<Row>) => ReactNode;
}

export interface GridCellError {
  rowKey: string;
  field: string;
  message: string;
}

export interface GridValidation {
  valid: boolean;
  errors: GridCellError[];
}

export interface GridChanges<Row extends GridRow = GridRow> {
  added: Row[];
  updated: Row[];
  removed: Row[];
}

/** What a screen holding the grid can do with it (through its ref). */
export interface EditableGridHandle<Row extends GridRow = GridRow> {
  /** Runs every rule of every cell ("collection"); shows the messages, scrolls to and focuses the first failing cell. */
  validate: (options?: { focus?: boolean }) => Promise<GridValidation>;
  /** Rows added, changed and removed since the rows were given (or last marked saved). */
  getChanges: () => GridChanges<Row>;
  /** The rows as they are now, in their order. */
  getRows: () => Row[];
  /** After a save: the rows as they are now become the unchanged state, the added rows taking the ids the save answered (in order). */
  markSaved: (addedIds?: readonly string[]) => void;
  /** Rows changed from outside (a live update): their values replace the shown ones, each changed cell flashes for 1400 ms. */
  reloadRows: (rows: readonly Row[], removedKeys?: readonly string[]) => void;
  addRows: (rows?: readonly Partial<Row>[]) => void;
  /** The grid's key of a row answered by `getRows` or `getChanges` (new rows have one before they have an id). */
  rowKeyOf: (row: Row) => string | undefined;
  /** Shows refusals from elsewhere (the server's) on their cells and focuses the first. */
  showErrors: (errors: readonly GridCellError[]) => void;
  clearSelection: () => void;
}
