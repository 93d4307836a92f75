import { type CellMessage, checkCell, fastClickMs, gridSizes, isEmptyCell } from '@cellsight/contract';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Space, Table, type TableColumnType, Tooltip, Typography } from 'antd';
import type { GetRef } from 'antd';
import { type ReactNode, type Ref, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import { GridCell } from './grid-cell';
import { columnStatistic } from './statistics';
import type { EditableGridHandle, GridCellError, GridChanges, GridColumn, GridRow, GridStatistic } from './types';
import { useFastClickGuard } from './use-fast-click-guard';
import './editable-grid.css';

export interface EditableGridProps<Row extends GridRow> {
  columns: readonly GridColumn<Row>[];
  /** The rows to edit; a new array (new identity) starts the grid afresh. */
  rows: readonly Row[];
  /** The field that identifies a stored row (default `id`); new rows have none until saved. */
  rowKey?: string;
  /** The field holding a row's place (default `orderNum`), renumbered 1, 2, 3 … when rows move or are inserted; `false` for none. */
  sortKey?: string | false;
  /** Up and down buttons on each row. */
  ordering?: boolean;
  /** Which toolbar buttons show (add and insert; delete shows with selected rows), the add button's own text, and whether rows are selected by checkboxes. */
  toolbar?: { add?: boolean; insert?: boolean; remove?: boolean; addText?: ReactNode; selection?: boolean };
  /** Rows as groups named by this (`Logger 2`), for assistive technology and tests. */
  rowLabel?: (rowIndex: number) => string;
  /** A remove button on each row, named by this, while more than `minRows` rows are left. */
  removeLabel?: (rowIndex: number) => string;
  /** Where a failing rule's message shows: in a tooltip on the cell (default), or as text under it. */
  messages?: 'tooltip' | 'inline';
  maxRows?: number;
  /** Said when adding past `maxRows`. */
  maxRowsMessage?: string;
  /** Rows that always stay: deleting below it leaves empty rows. */
  minRows?: number;
  disabled?: boolean;
  /** Told the rows after every change. */
  onRowsChange?: (rows: Row[]) => void;
  toolbarExtra?: ReactNode;
  /** Test id of the grid's root element. */
  'data-testid'?: string;
  ref?: Ref<EditableGridHandle<Row>>;
}

interface Entry<Row> {
  key: string;
  row: Row;
}

const cellId = (key: string, field: string) => `${key}|${field}`;
let nextNewKey = 0;
/** Rows from which the table renders only those in view. */
const virtualFrom = 100;
const newKey = () => `new-${++nextNewKey}`;

const sameValue = (a: unknown, b: unknown) => (a ?? '') === (b ?? '') || String(a ?? '') === String(b ?? '');

/**
 * The editable table (spec section 3, JeecgBoot's JVxeTable): rows of cells edited in place, each
 * column by its type, rules checked as a cell is typed, changed and left and when the table is
 * collected, rows added, inserted, moved and deleted, statistics under the columns, and the rows
 * added, changed and removed answered by `getChanges()` for one save.
 */
export function EditableGrid<Row extends GridRow>({
  columns,
  rows,
  rowKey = 'id',
  sortKey = 'orderNum',
  ordering = false,
  toolbar = {},
  maxRows,
  maxRowsMessage,
  minRows = 0,
  disabled = false,
  onRowsChange,
  toolbarExtra,
  rowLabel,
  removeLabel,
  messages = 'tooltip',
  'data-testid': testId,
  ref,
}: EditableGridProps<Row>) {
  const { t } = useTranslation('grid');
  const { message } = App.useApp();
  const guard = useFastClickGuard();
  const tableRef = useRef<GetRef<typeof Table>>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  const entriesOf = useCallback((given: readonly Row[]): Entry<Row>[] => given.map((row) => ({ key: row[rowKey] !== undefined && row[rowKey] !== null && row[rowKey] !== '' ? String(row[rowKey]) : newKey(), row: { ...row } })), [rowKey]);
  const [entries, setEntriesState] = useState<Entry<Row>[]>(() => entriesOf(rows));
  const entriesRef = useRef(entries);
  const originals = useRef(new Map<string, Row>());
  const removed = useRef<Row[]>([]);
  const [errors, setErrorsState] = useState<Map<string, string>>(new Map());
  const errorsRef = useRef(errors);
  const [selected, setSelected] = useState<string[]>([]);
  const [activeCell, setActiveCell] = useState<string | null>(null);
  const [hoveredCell, setHoveredCell] = useState<string | null>(null);
  const [reloaded, setReloaded] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const setEntries = useCallback(
    (next: Entry<Row>[]) => {
      entriesRef.current = next;
      setEntriesState(next);
      onRowsChange?.(next.map((entry) => entry.row));
    },
    [onRowsChange],
  );
  const setErrors = useCallback((next: Map<string, string>) => {
    errorsRef.current = next;
    setErrorsState(next);
  }, []);

  const reset = useCallback(
    (given: readonly Row[]) => {
      const fresh = entriesOf(given);
      originals.current = new Map(fresh.filter((entry) => !entry.key.startsWith('new-')).map((entry) => [entry.key, { ...entry.row }]));
      removed.current = [];
      entriesRef.current = fresh;
      setEntriesState(fresh);
      setErrors(new Map());
      setSelected([]);
    },
    [entriesOf, setErrors],
  );
  // A new rows array (a reload from the server) starts afresh.
  useEffect(() => reset(rows), [rows, reset]);
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const visibleColumns = useMemo(() => columns.filter((column) => column.type !== 'hidden'), [columns]);
  const messageText = useCallback((found: CellMessage) => (i18n.exists(`validation:${found.key}`) ? t(`validation:${found.key}`, found.values) : found.text), [t]);

  const check = useCallback(
    (list: Entry<Row>[], index: number, column: GridColumn<Row>): string | undefined => {
      const entry = list[index];
      if (!entry || !column.validateRules?.length) return undefined;
      const found = checkCell(entry.row[column.key], column.validateRules, { row: entry.row, rows: list.map((item) => item.row), field: column.key, title: column.title });
      return found ? messageText(found) : undefined;
    },
    [messageText],
  );

  /**
   * Runs a column's rules on a cell, and again on the cells of that column already failing (a fixed
   * duplicate clears its twin) and, for a unique column, on those now holding the same value (both
   * duplicates are marked).
   */
  const recheck = useCallback(
    (list: Entry<Row>[], key: string, column: GridColumn<Row>) => {
      const next = new Map(errorsRef.current);
      const unique = column.validateRules?.some((rule) => rule.unique) ?? false;
      const changed = list.find((entry) => entry.key === key)?.row[column.key];
      list.forEach((entry, index) => {
        const id = cellId(entry.key, column.key);
        const twin = unique && !isEmptyCell(changed) && sameValue(entry.row[column.key], changed);
        if (entry.key !== key && !next.has(id) && !twin) return;
        const failure = check(list, index, column);
        if (failure) next.set(id, failure);
        else next.delete(id);
      });
      setErrors(next);
    },
    [check, setErrors],
  );

  const setCell = useCallback(
    (key: string, values: Partial<Row>, rulesOf?: GridColumn<Row>) => {
      const next = entriesRef.current.map((entry) => (entry.key === key ? { ...entry, row: { ...entry.row, ...values } } : entry));
      setEntries(next);
      if (rulesOf) recheck(next, key, rulesOf);
    },
    [recheck, setEntries],
  );

  const renumber = useCallback((list: Entry<Row>[]) => (sortKey ? list.map((entry, index) => ({ ...entry, row: { ...entry.row, [sortKey]: index + 1 } })) : list), [sortKey]);

  const blankRow = useCallback(
    (values: Partial<Row> = {}): Row => {
      const row: GridRow = {};
      for (const column of columns) {
        const fallback = typeof column.defaultValue === 'function' ? (column.defaultValue as () => unknown)() : column.defaultValue;
        if (fallback !== undefined) row[column.key] = fallback;
      }
      return { ...row, ...values } as Row;
    },
    [columns],
  );

  const roomFor = useCallback(
    (count: number) => {
      if (maxRows === undefined || entriesRef.current.length + count <= maxRows) return true;
      void message.warning(maxRowsMessage ?? t('maxRows', { max: maxRows }));
      return false;
    },
    [maxRows, maxRowsMessage, message, t],
  );

  const addRows = useCallback(
    (given: readonly Partial<Row>[] = [{}]) => {
      if (!roomFor(given.length)) return;
      const list = entriesRef.current;
      const top = sortKey ? list.reduce((max, entry) => Math.max(max, Number(entry.row[sortKey]) || 0), 0) : 0;
      const added = given.map((values, index) => ({ key: newKey(), row: blankRow(sortKey ? ({ [sortKey]: top + index + 1, ...values } as Partial<Row>) : values) }));
      setEntries([...list, ...added]);
    },
    [blankRow, roomFor, setEntries, sortKey],
  );

  const insertRow = useCallback(() => {
    if (!roomFor(1)) return;
    const list = entriesRef.current;
    // Above the first selected row, or at the top when none is.
    const at = selected.length > 0 ? Math.max(0, list.findIndex((entry) => selected.includes(entry.key))) : 0;
    setEntries(renumber([...list.slice(0, at), { key: newKey(), row: blankRow() }, ...list.slice(at)]));
  }, [blankRow, renumber, roomFor, selected, setEntries]);

  const removeSelected = useCallback(() => {
    const gone = new Set(selected);
    for (const entry of entriesRef.current) {
      const original = originals.current.get(entry.key);
      if (gone.has(entry.key) && original) removed.current.push(original);
    }
    const kept = entriesRef.current.filter((entry) => !gone.has(entry.key));
    const refill = Array.from({ length: Math.max(0, minRows - kept.length) }, () => ({ key: newKey(), row: blankRow() }));
    setEntries([...kept, ...refill]);
    setErrors(new Map([...errorsRef.current].filter(([id]) => !gone.has(id.split('|')[0] ?? ''))));
    setSelected([]);
  }, [blankRow, minRows, selected, setEntries, setErrors]);

  const removeRow = useCallback(
    (key: string) => {
      const original = originals.current.get(key);
      if (original) removed.current.push(original);
      setEntries(entriesRef.current.filter((entry) => entry.key !== key));
      setErrors(new Map([...errorsRef.current].filter(([id]) => id.split('|')[0] !== key)));
      setSelected((keys) => keys.filter((selectedKey) => selectedKey !== key));
    },
    [setEntries, setErrors],
  );

  const move = useCallback(
    (index: number, by: -1 | 1) => {
      const list = [...entriesRef.current];
      const target = index + by;
      const [entry] = list.splice(index, 1);
      if (!entry || target < 0 || target > list.length) return;
      list.splice(target, 0, entry);
      setEntries(renumber(list));
    },
    [renumber, setEntries],
  );

  const focusCell = useCallback((id: string, virtual: boolean) => {
    const [key] = id.split('|');
    // A virtual table has not rendered a far row: scroll the table to it first.
    if (virtual) tableRef.current?.scrollTo?.({ key });
    setActiveCell(id);
    // After the scroll has rendered the row.
    setTimeout(() => {
      const cell = rootRef.current?.querySelector<HTMLElement>(`[data-cell="${CSS.escape(id)}"]`);
      cell?.scrollIntoView?.({ block: 'nearest' });
      cell?.querySelector<HTMLElement>('input, textarea, button, .ant-select-selector, .ant-checkbox-input')?.focus();
    }, 0);
  }, []);

  const validate = useCallback(
    async ({ focus = true }: { focus?: boolean } = {}) => {
      const list = entriesRef.current;
      const found: GridCellError[] = [];
      const next = new Map<string, string>();
      list.forEach((entry, index) => {
        for (const column of columns) {
          const failure = check(list, index, column);
          if (failure) {
            next.set(cellId(entry.key, column.key), failure);
            found.push({ rowKey: entry.key, field: column.key, message: failure });
          }
        }
      });
      setErrors(next);
      const [first] = found;
      if (first && focus) focusCell(cellId(first.rowKey, first.field), list.length > virtualFrom);
      return { valid: found.length === 0, errors: found };
    },
    [check, columns, focusCell, setErrors],
  );

  const getChanges = useCallback((): GridChanges<Row> => {
    const keys = [...new Set([...columns.map((column) => column.key), ...(sortKey ? [sortKey] : [])])];
    const added: Row[] = [];
    const updated: Row[] = [];
    for (const entry of entriesRef.current) {
      const original = originals.current.get(entry.key);
      if (!original) added.push(entry.row);
      else if (keys.some((key) => !sameValue(original[key], entry.row[key]))) updated.push(entry.row);
    }
    return { added, updated, removed: [...removed.current] };
  }, [columns, sortKey]);

  const reloadRows = useCallback(
    (incoming: readonly Row[], removedKeys: readonly string[] = []) => {
      const flashing = new Set<string>();
      const gone = new Set(removedKeys);
      let list = entriesRef.current.filter((entry) => !gone.has(entry.key));
      for (const key of gone) originals.current.delete(key);
      for (const row of incoming) {
        const key = String(row[rowKey]);
        const at = list.findIndex((entry) => entry.key === key);
        const current = list[at];
        for (const column of columns) if (!current || !sameValue(current.row[column.key], row[column.key])) flashing.add(cellId(key, column.key));
        originals.current.set(key, { ...row });
        list = current ? list.map((entry, index) => (index === at ? { key, row: { ...row } } : entry)) : [...list, { key, row: { ...row } }];
      }
      setEntries(list);
      if (flashing.size === 0) return;
      setReloaded((shown) => new Set([...shown, ...flashing]));
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        setReloaded((shown) => new Set([...shown].filter((id) => !flashing.has(id))));
      }, gridSizes.reloadEffectMs);
      timers.current.add(timer);
    },
    [columns, rowKey, setEntries],
  );

  useImperativeHandle(
    ref,
    () => ({
      validate,
      getChanges,
      getRows: () => entriesRef.current.map((entry) => entry.row),
      markSaved: (addedIds = []) => {
        // The added rows, in order, take the ids the save answered.
        let next = 0;
        reset(entriesRef.current.map((entry) => (originals.current.has(entry.key) ? entry.row : { ...entry.row, ...(next < addedIds.length ? { [rowKey]: addedIds[next++] } : {}) })));
      },
      reloadRows,
      addRows,
      clearSelection: () => setSelected([]),
      rowKeyOf: (row) => entriesRef.current.find((entry) => entry.row === row)?.key,
      showErrors: (shown) => {
        const next = new Map(errorsRef.current);
        for (const error of shown) next.set(cellId(error.rowKey, error.field), error.message);
        setErrors(next);
        const [first] = shown;
        if (first) focusCell(cellId(first.rowKey, first.field), entriesRef.current.length > virtualFrom);
      },
    }),
    [addRows, focusCell, getChanges, reloadRows, reset, rowKey, setErrors, validate],
  );

  const hasStatistics = columns.some((column) => column.statistics?.length);
  const tableColumns: TableColumnType<Entry<Row>>[] = [
    { key: '__number', title: t('rowNumber'), width: gridSizes.rowNumberWidth, align: 'center', render: (_value, _entry, index) => index + 1 },
    ...visibleColumns.map(
      (column): TableColumnType<Entry<Row>> => ({
        key: column.key,
        title: column.validateRules?.some((rule) => rule.required) ? <span className="editable-grid-required">{column.title}</span> : column.title,
        width: column.width,
        render: (_value, entry, rowIndex) => {
          const id = cellId(entry.key, column.key);
          const failure = errors.get(id);
          return (
            <Tooltip title={messages === 'tooltip' ? failure : undefined} open={messages === 'tooltip' && failure !== undefined && (activeCell === id || hoveredCell === id)} color="red">
              <div
                className={`editable-grid-cell${reloaded.has(id) ? ' editable-grid-cell-reloaded' : ''}${failure ? ' editable-grid-cell-invalid' : ''}`}
                data-cell={id}
                data-field={column.key}
                aria-invalid={failure ? true : undefined}
                onFocus={() => setActiveCell(id)}
                onBlur={() => setActiveCell((current) => (current === id ? null : current))}
                onMouseEnter={() => setHoveredCell(id)}
                onMouseLeave={() => setHoveredCell((current) => (current === id ? null : current))}
              >
                <GridCell<Row>
                  column={column}
                  rowIndex={rowIndex}
                  row={entry.row}
                  rowKey={entry.key}
                  value={entry.row[column.key]}
                  invalid={failure !== undefined}
                  disabled={disabled || column.disabled === true}
                  onInput={(value) => setCell(entry.key, { [column.key]: value } as Partial<Row>, column)}
                  onChange={(value) => setCell(entry.key, { [column.key]: value } as Partial<Row>, column)}
                  onRowChange={(values) => {
                    setCell(entry.key, values);
                    const list = entriesRef.current;
                    for (const other of columns) if (other.key in values) recheck(list, entry.key, other);
                  }}
                  onBlur={() => recheck(entriesRef.current, entry.key, column)}
                />
                {messages === 'inline' && failure && (
                  <div className="editable-grid-message" role="alert">
                    {failure}
                  </div>
                )}
              </div>
            </Tooltip>
          );
        },
      }),
    ),
    ...(removeLabel && !disabled
      ? [
          {
            key: '__remove',
            width: 56,
            render: (_value: unknown, entry: Entry<Row>, index: number) =>
              entries.length > Math.max(minRows, 0) && entries.length > 1 ? <Button danger icon={<DeleteOutlined />} aria-label={removeLabel(index)} onClick={() => removeRow(entry.key)} /> : null,
          },
        ]
      : []),
    ...(ordering
      ? [
          {
            key: '__order',
            title: t('actions'),
            width: 96,
            render: (_value: unknown, _entry: Entry<Row>, index: number) => (
              <Space size={4}>
                <Button size="small" aria-label={t('moveUp')} disabled={disabled || index === 0} onClick={() => move(index, -1)}>
                  ↑
                </Button>
                <Button size="small" aria-label={t('moveDown')} disabled={disabled || index === entries.length - 1} onClick={() => move(index, 1)}>
                  ↓
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  const statistics: GridStatistic[] = (['sum', 'average', 'count'] as const).filter((statistic) => columns.some((column) => column.statistics?.includes(statistic)));
  const summary = statistics.length
    ? () => (
        <Table.Summary fixed>
          {statistics.map((statistic) => (
            <Table.Summary.Row key={statistic} data-statistic={statistic}>
              <Table.Summary.Cell index={0} />
              <Table.Summary.Cell index={1}>{t(statistic)}</Table.Summary.Cell>
              {visibleColumns.map((column, index) => (
                <Table.Summary.Cell key={column.key} index={index + 2}>
                  {column.statistics?.includes(statistic) ? (
                    <span data-statistic-cell={`${statistic}:${column.key}`}>
                      {columnStatistic(
                        statistic,
                        entries.map((entry) => entry.row[column.key]),
                      )}
                    </span>
                  ) : null}
                </Table.Summary.Cell>
              ))}
              {ordering && <Table.Summary.Cell index={visibleColumns.length + 2} />}
            </Table.Summary.Row>
          ))}
        </Table.Summary>
      )
    : undefined;

  const show = { add: true, insert: true, remove: true, selection: true, ...toolbar };
  const virtual = entries.length > virtualFrom;
  const scrollX = visibleColumns.reduce((total, column) => total + (column.width ?? 160), gridSizes.rowNumberWidth + gridSizes.checkboxWidth + (ordering ? 96 : 0));
  return (
    <div className="editable-grid" ref={rootRef} data-testid={testId}>
      {!disabled && (
        <Space wrap style={{ marginBottom: 8 }}>
          {show.add && (
            <Button type="primary" icon={show.addText ? <PlusOutlined /> : undefined} onClick={() => guard('add', fastClickMs.add, () => addRows())}>
              {show.addText ?? t('add')}
            </Button>
          )}
          {show.insert && <Button onClick={() => guard('insert', fastClickMs.insert, insertRow)}>{t('insert')}</Button>}
          {selected.length > 0 && (
            <>
              {show.remove && (
                <Button danger onClick={removeSelected}>
                  {t('remove')}
                </Button>
              )}
              <Button onClick={() => setSelected([])}>{t('clearSelection')}</Button>
              <Typography.Text type="secondary">{t('selected', { count: selected.length })}</Typography.Text>
            </>
          )}
          {toolbarExtra}
        </Space>
      )}
      <Table<Entry<Row>>
        ref={tableRef}
        size="small"
        bordered
        rowKey="key"
        pagination={false}
        virtual={virtual}
        scroll={{ y: gridSizes.maxHeight, ...(virtual ? { x: scrollX } : {}) }}
        dataSource={entries}
        columns={tableColumns}
        locale={{ emptyText: t('empty') }}
        onRow={rowLabel ? (_entry, index) => ({ role: 'group', 'aria-label': rowLabel(index ?? 0) }) : undefined}
        rowSelection={disabled || !show.selection ? undefined : { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), columnWidth: hasStatistics ? gridSizes.checkboxWidthWithStatistics : gridSizes.checkboxWidth }}
        summary={summary}
      />
    </div>
  );
}
