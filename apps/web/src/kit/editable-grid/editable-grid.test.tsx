import { type CellPatternName, cellPatterns } from '@cellsight/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import validationMessages from '@/locales/en-US/validation.json';
import { renderWithProviders } from '@/testing/feature-test-utils';
import { EditableGrid } from './editable-grid';
import type { EditableGridHandle, GridColumn, GridRow } from './types';
import { validateGridTabs } from './validate-grid-tabs';

type Row = GridRow;
const renderGrid = (props: { columns: GridColumn<Row>[]; rows?: Row[] } & Partial<Parameters<typeof EditableGrid<Row>>[0]>) => {
  const ref = createRef<EditableGridHandle<Row>>();
  const rows = props.rows ?? [];
  const view = renderWithProviders(<EditableGrid<Row> ref={ref} {...props} rows={rows} />);
  return { ref, ...view };
};
const cell = (field: string, rowIndex = 0) => {
  const cells = document.querySelectorAll<HTMLElement>(`[data-field="${field}"]`);
  const found = cells[rowIndex];
  if (!found) throw new Error(`no cell ${field} in row ${rowIndex}`);
  return found;
};
const rowCheckbox = (rowIndex: number) => within(document.querySelectorAll<HTMLElement>('tr[data-row-key]')[rowIndex] as HTMLElement).getByRole('checkbox');
const inputOf = (field: string, rowIndex = 0) => within(cell(field, rowIndex)).getByRole('textbox') as HTMLInputElement;
const handle = (ref: React.RefObject<EditableGridHandle<Row> | null>) => {
  if (!ref.current) throw new Error('grid not rendered');
  return ref.current;
};

afterEach(() => vi.restoreAllMocks());

describe('EditableGrid rules', () => {
  const bad: Record<CellPatternName, string> = { 'n6-16': '123', '*6-16': 'abc', 's6-18': 'abc1', url: 'nope', e: 'a@b', m: '12345', p: '012345', s: 'a1', n: 'x', z: '1.5', '*': '', money: '1.234' };
  const keyOf: Record<CellPatternName, keyof typeof validationMessages.cell> = { 'n6-16': 'n6_16', '*6-16': 'any6_16', 's6-18': 's6_18', url: 'url', e: 'e', m: 'm', p: 'p', s: 's', n: 'n', z: 'z', '*': 'any', money: 'money' };

  it('answers every named pattern with its own message on collection', async () => {
    const names = Object.keys(cellPatterns) as CellPatternName[];
    const columns = names.map((name, index) => ({ key: `c${index}`, title: name, type: 'input' as const, validateRules: [{ pattern: name }] }));
    const row = Object.fromEntries(names.map((name, index) => [`c${index}`, bad[name]]));
    const { ref } = renderGrid({ columns, rows: [{ id: 'r1', ...row }], sortKey: false });
    let result: Awaited<ReturnType<EditableGridHandle['validate']>> | undefined;
    await act(async () => {
      result = await handle(ref).validate({ focus: false });
    });
    expect(result?.valid).toBe(false);
    expect(result?.errors).toEqual(names.map((name, index) => ({ rowKey: 'r1', field: `c${index}`, message: validationMessages.cell[keyOf[name]] })));
  });

  it('checks required as a cell is typed and shows the message on the failing cell', async () => {
    const user = userEvent.setup({ delay: null });
    renderGrid({ columns: [{ key: 'name', title: 'Name', type: 'input', validateRules: [{ required: true }] }], rows: [{ id: 'a', name: 'x' }] });
    await user.clear(inputOf('name'));
    expect(cell('name')).toHaveAttribute('aria-invalid', 'true');
    // The tooltip shows while the cell has the focus.
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    await user.type(inputOf('name'), 'y');
    expect(cell('name')).not.toHaveAttribute('aria-invalid');
  });

  it('refuses a value repeated in two rows; fixing one clears both', async () => {
    const user = userEvent.setup({ delay: null });
    const { ref } = renderGrid({ columns: [{ key: 'code', title: 'Code', type: 'input', validateRules: [{ unique: true }] }], rows: [{ id: 'a', code: 'x' }, { id: 'b', code: 'y' }] });
    await user.clear(inputOf('code', 1));
    await user.type(inputOf('code', 1), 'x');
    expect(await screen.findByText('Code must not repeat')).toBeInTheDocument();
    // Both duplicates are marked.
    expect(cell('code', 0)).toHaveAttribute('aria-invalid', 'true');
    expect(cell('code', 1)).toHaveAttribute('aria-invalid', 'true');
    let result: Awaited<ReturnType<EditableGridHandle['validate']>> | undefined;
    await act(async () => {
      result = await handle(ref).validate({ focus: false });
    });
    expect(result?.errors.map((error) => error.rowKey)).toEqual(['a', 'b']);
    await user.type(inputOf('code', 1), 'z');
    await waitFor(() => expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0));
  });

  it('runs a custom pattern, message and handler', async () => {
    const { ref } = renderGrid({
      columns: [
        { key: 'a', title: 'A', type: 'input', validateRules: [{ pattern: /^x/, message: 'must start with x' }] },
        { key: 'b', title: 'B', type: 'input', validateRules: [{ handler: (value, { row }) => (value === row.a ? 'B must differ from A' : undefined) }] },
      ],
      rows: [{ id: 'r', a: 'yes', b: 'yes' }],
    });
    let result: Awaited<ReturnType<EditableGridHandle['validate']>> | undefined;
    await act(async () => {
      result = await handle(ref).validate({ focus: false });
    });
    expect(result?.errors.map((error) => error.message)).toEqual(['must start with x', 'B must differ from A']);
  });

  it('validate() focuses the first failing cell and shows its message', async () => {
    const { ref } = renderGrid({ columns: [{ key: 'name', title: 'Name', type: 'input', validateRules: [{ required: true }] }], rows: [{ id: 'a', name: 'ok' }, { id: 'b', name: '' }] });
    await act(async () => {
      await handle(ref).validate();
    });
    await waitFor(() => expect(document.activeElement).toBe(inputOf('name', 1)));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
  });
});

describe('EditableGrid cells', () => {
  it('number input takes only minus, digits and one point, and becomes a number on blur', async () => {
    const user = userEvent.setup({ delay: null });
    const { ref } = renderGrid({ columns: [{ key: 'amount', title: 'Amount', type: 'inputNumber' }], rows: [{ id: 'a', amount: '' }] });
    await user.type(inputOf('amount'), '-12a.5.');
    expect(inputOf('amount').value).toBe('-12.5');
    await user.tab();
    expect(handle(ref).getRows()[0]?.amount).toBe(-12.5);
    await user.clear(inputOf('amount'));
    await user.type(inputOf('amount'), '-');
    await user.tab();
    expect(handle(ref).getRows()[0]?.amount).toBe('');
    expect(inputOf('amount').value).toBe('');
  });

  it('tags text: semicolons stripped and one inserted after every two characters', async () => {
    const user = userEvent.setup({ delay: null });
    const { ref } = renderGrid({ columns: [{ key: 'tags', title: 'Tags', type: 'tags' }], rows: [{ id: 'a', tags: '' }] });
    fireEvent.change(inputOf('tags'), { target: { value: 'ab;cde' } });
    expect(handle(ref).getRows()[0]?.tags).toBe('ab;cd;e');
    await user.clear(inputOf('tags'));
    expect(handle(ref).getRows()[0]?.tags).toBe('');
  });

  it('checkbox cells store their checked and unchecked values; hidden columns are not shown', async () => {
    const user = userEvent.setup({ delay: null });
    const { ref } = renderGrid({
      columns: [
        { key: 'enabled', title: 'Enabled', type: 'checkbox', checkedValue: 1, uncheckedValue: 0 },
        { key: 'secret', title: 'Secret', type: 'hidden' },
      ],
      rows: [{ id: 'a', enabled: 1, secret: 's' }],
    });
    expect(screen.queryByText('Secret')).not.toBeInTheDocument();
    await user.click(within(cell('enabled')).getByRole('checkbox'));
    expect(handle(ref).getRows()[0]?.enabled).toBe(0);
  });

  it('slot and popup cells render through their render prop and may set several cells', async () => {
    const user = userEvent.setup({ delay: null });
    const { ref } = renderGrid({
      columns: [
        { key: 'code', title: 'Code', type: 'popup', render: ({ onRowChange }) => <button type="button" onClick={() => onRowChange({ code: 'C1', name: 'Picked' })}>pick</button> },
        { key: 'name', title: 'Name', type: 'normal' },
      ],
      rows: [{ id: 'a' }],
    });
    await user.click(screen.getByRole('button', { name: 'pick' }));
    expect(handle(ref).getRows()[0]).toMatchObject({ code: 'C1', name: 'Picked' });
    expect(screen.getByText('Picked')).toBeInTheDocument();
  });
});

describe('EditableGrid popup cells', () => {
  it('open the popup report picker, which says so when the column is not configured', async () => {
    const user = userEvent.setup({ delay: null });
    renderGrid({ columns: [{ key: 'station', title: 'Station', type: 'popup', popup: { code: 'stations', orgFields: 'name,region', destFields: 'station' } }], rows: [{ id: 'a', station: 'North' }] });
    expect(inputOf('station')).toHaveValue('North');
    await user.click(inputOf('station'));
    expect(await screen.findByText('The popup is not configured correctly!')).toBeInTheDocument();
  });
});

describe('EditableGrid rows', () => {
  const columns: GridColumn<Row>[] = [{ key: 'name', title: 'Name', type: 'input', defaultValue: 'new' }];

  it('answers the rows added, changed and removed', async () => {
    const user = userEvent.setup({ delay: null });
    const { ref } = renderGrid({ columns, rows: [{ id: 'a', name: 'A', orderNum: 1 }, { id: 'b', name: 'B', orderNum: 2 }, { id: 'c', name: 'C', orderNum: 3 }] });
    expect(handle(ref).getChanges()).toEqual({ added: [], updated: [], removed: [] });
    await user.type(inputOf('name', 1), '2');
    await user.click(rowCheckbox(2));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(handle(ref).getChanges()).toEqual({
      added: [{ name: 'new', orderNum: 3 }],
      updated: [{ id: 'b', name: 'B2', orderNum: 2 }],
      removed: [{ id: 'c', name: 'C', orderNum: 3 }],
    });
    // Typing a value back to what it was is no change.
    await user.type(inputOf('name', 1), '{Backspace}');
    expect(handle(ref).getChanges().updated).toEqual([]);
    act(() => handle(ref).markSaved(['d']));
    expect(handle(ref).getChanges()).toEqual({ added: [], updated: [], removed: [] });
    expect(handle(ref).getRows().map((row) => row.id)).toEqual(['a', 'b', 'd']);
  });

  it('shows delete and clear-selection only with selected rows', async () => {
    const user = userEvent.setup({ delay: null });
    renderGrid({ columns, rows: [{ id: 'a', name: 'A' }] });
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear selection' })).not.toBeInTheDocument();
    await user.click(rowCheckbox(0));
    expect(screen.getByText('1 row selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('warns "you clicked too fast, please slow down" for add within 300 ms and insert within 1500 ms', async () => {
    const user = userEvent.setup({ delay: null });
    const now = vi.spyOn(Date, 'now').mockReturnValue(10_000);
    const { ref } = renderGrid({ columns, rows: [] });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    now.mockReturnValue(10_200);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('you clicked too fast, please slow down')).toBeInTheDocument();
    expect(handle(ref).getRows()).toHaveLength(1);
    now.mockReturnValue(10_301);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(handle(ref).getRows()).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Insert' }));
    expect(handle(ref).getRows()).toHaveLength(3);
    now.mockReturnValue(11_700);
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    expect(handle(ref).getRows()).toHaveLength(3);
    now.mockReturnValue(11_802);
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    expect(handle(ref).getRows()).toHaveLength(4);
  });

  it('keeps at most maxRows with its message, and at least minRows', async () => {
    const user = userEvent.setup({ delay: null });
    const { ref } = renderGrid({ columns, rows: [{ id: 'a', name: 'A' }], maxRows: 1, maxRowsMessage: 'The maximum number of entries has reached 1.', minRows: 1 });
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('The maximum number of entries has reached 1.')).toBeInTheDocument();
    await user.click(rowCheckbox(0));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(handle(ref).getRows()).toEqual([{ name: 'new' }]);
  });

  it('moves rows up and down, keeping orderNum in step; insert goes above the selected row', async () => {
    const user = userEvent.setup({ delay: null });
    const now = vi.spyOn(Date, 'now').mockReturnValue(50_000);
    const { ref } = renderGrid({ columns, ordering: true, rows: [{ id: 'a', name: 'A', orderNum: 1 }, { id: 'b', name: 'B', orderNum: 2 }, { id: 'c', name: 'C', orderNum: 3 }] });
    await user.click(screen.getAllByRole('button', { name: 'Move down' })[0] as HTMLElement);
    expect(handle(ref).getRows().map((row) => `${row.name}${row.orderNum}`)).toEqual(['B1', 'A2', 'C3']);
    await user.click(screen.getAllByRole('button', { name: 'Move up' })[2] as HTMLElement);
    expect(handle(ref).getRows().map((row) => `${row.name}${row.orderNum}`)).toEqual(['B1', 'C2', 'A3']);
    expect(handle(ref).getChanges().updated.map((row) => row.id)).toEqual(['b', 'c', 'a']);
    await user.click(rowCheckbox(1));
    now.mockReturnValue(60_000);
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    expect(handle(ref).getRows().map((row) => `${row.name}${row.orderNum}`)).toEqual(['B1', 'new2', 'C3', 'A4']);
  });

  it('shows sum, average and count under their columns, following edits', async () => {
    const user = userEvent.setup({ delay: null });
    renderGrid({
      columns: [
        { key: 'name', title: 'Name', type: 'input', statistics: ['count'] },
        { key: 'amount', title: 'Amount', type: 'inputNumber', statistics: ['sum', 'average'] },
      ],
      rows: [{ id: 'a', name: 'A', amount: 1.1 }, { id: 'b', name: '', amount: 2.2 }, { id: 'c', name: 'C', amount: '' }],
    });
    const statistic = (name: string) => document.querySelector(`[data-statistic-cell="${name}"]`)?.textContent;
    expect(statistic('sum:amount')).toBe('3.3');
    expect(statistic('average:amount')).toBe('1.65');
    expect(statistic('count:name')).toBe('2');
    expect(screen.getByText('Sum')).toBeInTheDocument();
    await user.type(inputOf('amount', 2), '4');
    expect(statistic('sum:amount')).toBe('7.3');
    expect(statistic('average:amount')).toBe('2.43');
  });

  it('flashes cells changed from outside for 1400 ms and takes their values as saved', async () => {
    vi.useFakeTimers();
    try {
      const { ref } = renderGrid({ columns: [...columns, { key: 'code', title: 'Code', type: 'input' }], rows: [{ id: 'a', name: 'A', code: 'x' }, { id: 'b', name: 'B', code: 'y' }] });
      act(() => handle(ref).reloadRows([{ id: 'a', name: 'A', code: 'changed' }, { id: 'n', name: 'N', code: 'z' }], ['b']));
      expect(handle(ref).getRows().map((row) => row.code)).toEqual(['changed', 'z']);
      expect(cell('code', 0)).toHaveClass('editable-grid-cell-reloaded');
      expect(cell('name', 0)).not.toHaveClass('editable-grid-cell-reloaded');
      expect(handle(ref).getChanges()).toEqual({ added: [], updated: [], removed: [] });
      act(() => vi.advanceTimersByTime(1399));
      expect(cell('code', 0)).toHaveClass('editable-grid-cell-reloaded');
      act(() => vi.advanceTimersByTime(1));
      expect(cell('code', 0)).not.toHaveClass('editable-grid-cell-reloaded');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('validateGridTabs', () => {
  it('activates the first tab whose grid fails and answers its errors', async () => {
    const first = createRef<EditableGridHandle<Row>>();
    const second = createRef<EditableGridHandle<Row>>();
    const rules: GridColumn<Row>[] = [{ key: 'name', title: 'Name', type: 'input', validateRules: [{ required: true }] }];
    renderWithProviders(
      <>
        <EditableGrid<Row> ref={first} columns={rules} rows={[{ id: 'a', name: 'ok' }]} />
        <EditableGrid<Row> ref={second} columns={rules} rows={[{ id: 'b', name: '' }]} />
      </>,
    );
    const activate = vi.fn();
    let result: Awaited<ReturnType<typeof validateGridTabs>> | undefined;
    await act(async () => {
      result = await validateGridTabs(
        [
          { key: 'one', grid: first },
          { key: 'two', grid: second },
        ],
        activate,
      );
    });
    expect(activate).toHaveBeenCalledWith('two');
    expect(result).toMatchObject({ valid: false, tab: 'two', errors: [{ tab: 'two', rowKey: 'b', field: 'name', message: 'Name is required' }] });
  });
});
