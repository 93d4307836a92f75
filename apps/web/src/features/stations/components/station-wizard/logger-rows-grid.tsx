import { limits, wizardLoggerRowSchema } from '@cellsight/contract';
import { Typography } from 'antd';
import { type Ref, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditableGrid, type EditableGridHandle, type GridColumn, type GridRow } from '@/kit/editable-grid';
import type { LoggerRow, LoggerRowField } from '../../api/check-station-loggers';

/** A row as the grid holds it. */
type Row = LoggerRow & GridRow;

export const emptyRow = (): Row => ({ gsn: '', key: '', product_code: '' });

/** The rows as entered, trimmed: what the checks and the station are sent. */
export const trimmedRows = (rows: readonly Partial<LoggerRow>[]): LoggerRow[] =>
  rows.map((row) => ({ gsn: String(row.gsn ?? '').trim(), key: String(row.key ?? '').trim(), product_code: String(row.product_code ?? '').trim() }));

/** What the wizard does with its rows. */
export interface LoggerRowsHandle {
  /** The rows, trimmed, when every rule passes; null (with the messages shown) otherwise. */
  validRows: () => Promise<LoggerRow[] | null>;
  /** Marks refused cells (the server's answer) with their messages. */
  mark: (marks: readonly { row: number; field: LoggerRowField; message: string }[]) => void;
}

interface LoggerRowsGridProps {
  /** Step 0 edits whole rows; step 1 ("product registration codes") only each row's product code. */
  mode: 'loggers' | 'codes';
  disabled?: boolean;
  ref?: Ref<LoggerRowsHandle>;
}

/**
 * The wizard's logger rows in the editable grid (spec section 5): Logger SN, registration key and
 * battery module SN (product code), each required; SNs and product codes each entered once; 1 to 32
 * rows ('The maximum number of entries has reached 32.'), the remove button only while there is
 * more than one.
 */
export function LoggerRowsGrid({ mode, disabled = false, ref }: LoggerRowsGridProps) {
  const { t } = useTranslation('stations');
  const grid = useRef<EditableGridHandle<Row>>(null);
  // The grid starts from one empty row; it keeps its rows while the wizard moves between steps.
  const [initialRows] = useState((): Row[] => [emptyRow()]);
  const editingRows = mode === 'loggers';

  useImperativeHandle(
    ref,
    () => ({
      validRows: async () => {
        const handle = grid.current;
        if (!handle) return null;
        const checked = await handle.validate();
        return checked.valid ? trimmedRows(handle.getRows()) : null;
      },
      mark: (marks) => {
        const handle = grid.current;
        if (!handle) return;
        const rows = handle.getRows();
        handle.showErrors(
          marks.flatMap((mark) => {
            const row = rows[mark.row];
            const rowKey = row ? handle.rowKeyOf(row) : undefined;
            return rowKey ? [{ rowKey, field: mark.field, message: mark.message }] : [];
          }),
        );
      },
    }),
    [],
  );

  const columns = useMemo((): GridColumn<Row>[] => {
    const label = (field: LoggerRowField) => (row: number) => t('wizard.rowField', { field: t(`wizard.fields.${field}`), row: row + 1 });
    /** The contract's own pattern of a field, in the wizard's words. */
    const format = (field: 'gsn' | 'product_code', text: string) => (value: unknown) => (wizardLoggerRowSchema.shape[field].safeParse(value).success ? undefined : text);
    // '{value}' is filled with the repeated value by the rule itself.
    const repeated = t('wizard.repeated', { val: '{value}' });
    const gsn: GridColumn<Row> = editingRows
      ? {
          key: 'gsn',
          title: t('wizard.fields.gsn'),
          type: 'input',
          width: 240,
          placeholder: t('wizard.placeholders.gsn'),
          cellLabel: label('gsn'),
          validateRules: [{ required: true, message: t('wizard.gsnRequired') }, { handler: format('gsn', t('wizard.gsnFormat')) }, { unique: true, message: repeated }],
        }
      : { key: 'gsn', title: t('wizard.fields.gsn'), type: 'slot', width: 240, render: ({ value }) => <Typography.Text code>{String(value ?? '')}</Typography.Text> };
    return [
      gsn,
      {
        key: 'key',
        title: t('wizard.fields.key'),
        type: editingRows ? 'input' : 'hidden',
        width: 240,
        placeholder: t('wizard.placeholders.key'),
        cellLabel: label('key'),
        validateRules: [{ required: true, message: t('wizard.keyRequired') }],
      },
      {
        key: 'product_code',
        title: t('wizard.fields.product_code'),
        type: 'input',
        width: 280,
        placeholder: t('wizard.placeholders.product_code'),
        cellLabel: label('product_code'),
        validateRules: [{ required: true, message: t('wizard.productCodeRequired') }, { handler: format('product_code', t('wizard.productCodeFormat')) }, { unique: true, message: repeated }],
      },
    ];
  }, [editingRows, t]);

  return (
    <EditableGrid<Row>
      ref={grid}
      data-testid="station-logger-rows"
      columns={columns}
      rows={initialRows}
      sortKey={false}
      minRows={1}
      maxRows={limits.loggerRowsMax}
      maxRowsMessage={t('wizard.tooMany', { max: limits.loggerRowsMax })}
      messages="inline"
      rowLabel={(row) => t('wizard.row', { row: row + 1 })}
      removeLabel={editingRows ? (row) => t('wizard.removeRow', { row: row + 1 }) : undefined}
      toolbar={editingRows ? { add: true, insert: false, selection: false, addText: t('wizard.addRow') } : { add: false, insert: false, selection: false }}
      disabled={disabled}
    />
  );
}
