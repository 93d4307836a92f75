import { acceptNumberInput, gridSizes, numberOnBlur, tagsText } from '@cellsight/contract';
import { Button, Checkbox, DatePicker, Input, Popover, Radio, Select, Space, Upload } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dictOptions } from '@/components/dict-select';
import { DepartTreeSelect } from '@/components/pickers/depart-tree-select';
import { PopupReportInput } from '@/components/pickers/popup-report-input';
import { UserPickerModal } from '@/components/pickers/user-picker-modal';
import { fileUrl } from '@/lib/api-client';
import { errorMessage } from '@/lib/notify';
import { downloadStoredFile, useStoredFileUrl } from '@/lib/stored-file';
import { uploadFile } from '@/lib/upload-file';
import type { GridColumn, GridOption, GridRow } from './types';

export interface GridCellProps<Row extends GridRow> {
  column: GridColumn<Row>;
  /** The row's place (for the cell's accessible name). */
  rowIndex: number;
  row: Row;
  rowKey: string;
  value: unknown;
  invalid: boolean;
  disabled: boolean;
  /** A value typed (rules run "on input"). */
  onInput: (value: unknown) => void;
  /** A value chosen or committed (rules run "on change"). */
  onChange: (value: unknown) => void;
  onRowChange: (values: Partial<Row>) => void;
  /** The cell left (rules run "on blur"). */
  onBlur: () => void;
}

/** Grid files go to the temporary store (`biz=temp`, private to the tenant); the stored path is the cell's value. */
const uploadGridFile = (file: Blob): Promise<string> => uploadFile(file, 'temp');

const optionsOf = (column: GridColumn<GridRow>): GridOption[] =>
  column.options ? [...column.options] : column.dictCode ? dictOptions(column.dictCode).map((option) => ({ value: option.value, label: option.text })) : [];

const asText = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

/** The number input (spec section 5): only a number's characters are taken; leaving the cell makes it a number or empty. */
function NumberCell({ value, invalid, disabled, placeholder, label, onInput, onBlur }: { value: unknown; invalid: boolean; disabled: boolean; placeholder?: string; label?: string; onInput: (value: unknown) => void; onBlur: (value: unknown) => void }) {
  const [text, setText] = useState(asText(value));
  useEffect(() => setText(asText(value)), [value]);
  return (
    <Input
      value={text}
      status={invalid ? 'error' : undefined}
      disabled={disabled}
      placeholder={placeholder}
      aria-label={label}
      inputMode="decimal"
      onChange={(event) => {
        const accepted = acceptNumberInput(event.target.value, text);
        setText(accepted);
        onInput(accepted);
      }}
      onBlur={() => {
        const number = numberOnBlur(text);
        setText(asText(number));
        onBlur(number);
      }}
    />
  );
}

/** A long text edited in a 300×210 popup (JVxe `input_pop`). */
function TextPopupCell({ value, invalid, disabled, onInput, onBlur }: { value: unknown; invalid: boolean; disabled: boolean; onInput: (value: unknown) => void; onBlur: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover
      open={open && !disabled}
      trigger="click"
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) onBlur();
      }}
      content={
        <Input.TextArea
          autoFocus
          value={asText(value)}
          style={{ width: gridSizes.textareaPopup.width, height: gridSizes.textareaPopup.height, resize: 'none' }}
          onChange={(event) => onInput(event.target.value)}
        />
      }
    >
      <Input value={asText(value)} readOnly status={invalid ? 'error' : undefined} disabled={disabled} />
    </Popover>
  );
}

/** Users picked from the user picker; the value is the comma-joined user ids. */
function UserCell({ value, invalid, disabled, onChange }: { value: unknown; invalid: boolean; disabled: boolean; onChange: (value: unknown) => void }) {
  const { t } = useTranslation('grid');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Space.Compact style={{ minWidth: gridSizes.selectorMinWidth, width: '100%' }}>
        <Input value={asText(value)} readOnly status={invalid ? 'error' : undefined} disabled={disabled} allowClear={false} />
        <Button disabled={disabled} onClick={() => setOpen(true)}>
          {t('choose')}
        </Button>
      </Space.Compact>
      {open && (
        <UserPickerModal
          open
          title={t('choose')}
          onCancel={() => setOpen(false)}
          onPick={(ids) => {
            onChange(ids.join(','));
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

/**
 * upload, file and image cells: stored through /sys/common/upload, the cell keeps the stored path;
 * an image is fetched with the session and shown, any other file saved as a download.
 */
function UploadCell({ value, type, disabled, onChange }: { value: unknown; type: 'upload' | 'file' | 'image'; disabled: boolean; onChange: (value: unknown) => void }) {
  const { t } = useTranslation('grid');
  const [failure, setFailure] = useState<string | null>(null);
  const path = asText(value);
  // Only an image is fetched to be shown; any other file only when it is asked for.
  const imageUrl = useStoredFileUrl(type === 'image' ? path : null);
  const download = () => {
    setFailure(null);
    downloadStoredFile(path).catch((error: unknown) => setFailure(`${t('downloadFailed')}: ${errorMessage(error)}`));
  };
  return (
    <Space size={4}>
      {imageUrl ? (
        <img src={imageUrl} alt="" style={{ height: 32, maxWidth: 64, objectFit: 'contain' }} />
      ) : type !== 'image' && fileUrl(path) ? (
        <Button type="link" size="small" onClick={download}>
          {path.split('/').pop()}
        </Button>
      ) : null}
      <Upload
        showUploadList={false}
        disabled={disabled}
        accept={type === 'image' ? 'image/png,image/jpeg' : undefined}
        customRequest={({ file, onSuccess, onError }) => {
          setFailure(null);
          uploadGridFile(file as Blob).then(
            (stored) => {
              onChange(stored);
              onSuccess?.(stored);
            },
            (error: unknown) => {
              setFailure(`${t('uploadFailed')}: ${errorMessage(error)}`);
              onError?.(error as Error);
            },
          );
        }}
      >
        <Button size="small" disabled={disabled}>
          {t('upload')}
        </Button>
      </Upload>
      {failure && <span role="alert">{failure}</span>}
    </Space>
  );
}

/** The editor of one cell, by its column's type. */
export function GridCell<Row extends GridRow>({ column, rowIndex, row, rowKey, value, invalid, disabled, onInput, onChange, onRowChange, onBlur }: GridCellProps<Row>): ReactNode {
  const status = invalid ? ('error' as const) : undefined;
  const common = { disabled, status, placeholder: column.placeholder, 'aria-label': column.cellLabel?.(rowIndex) };
  switch (column.type) {
    case 'normal':
      return <span>{asText(value)}</span>;
    case 'hidden':
      return null;
    case 'input':
      return <Input {...common} value={asText(value)} onChange={(event) => onInput(event.target.value)} onBlur={onBlur} />;
    case 'tags':
      return <Input {...common} value={asText(value)} onChange={(event) => onInput(tagsText(event.target.value))} onBlur={onBlur} />;
    case 'inputNumber':
      return <NumberCell value={value} invalid={invalid} disabled={disabled} placeholder={column.placeholder} label={column.cellLabel?.(rowIndex)} onInput={onInput} onBlur={(number) => onChange(number)} />;
    case 'checkbox':
    case 'checkbox_meta': {
      const checkedValue = column.type === 'checkbox' ? (column.checkedValue ?? true) : true;
      const uncheckedValue = column.type === 'checkbox' ? (column.uncheckedValue ?? false) : false;
      // Dictionary values arrive as text or number: '1' and 1 both count as ticked.
      return <Checkbox disabled={disabled} checked={asText(value) === asText(checkedValue)} onChange={(event) => onChange(event.target.checked ? checkedValue : uncheckedValue)} />;
    }
    case 'select':
    case 'sel_search':
    case 'list_multi': {
      const multiple = column.type === 'list_multi';
      const selected = multiple ? (Array.isArray(value) ? value : asText(value) ? asText(value).split(',') : []) : value === undefined || value === null || value === '' ? undefined : asText(value);
      return (
        <Select
          {...common}
          style={{ width: '100%' }}
          allowClear
          value={selected as never}
          mode={multiple ? 'multiple' : undefined}
          maxTagCount={multiple ? gridSizes.multiSelectMaxTags : undefined}
          showSearch={column.type === 'sel_search' ? { optionFilterProp: 'label' } : undefined}
          listHeight={gridSizes.dropdownMaxHeight}
          options={optionsOf(column as GridColumn<GridRow>).map((option) => ({ value: asText(option.value), label: option.label }))}
          onChange={(next: string | string[] | undefined) => onChange(multiple ? (next as string[]).join(',') : (next ?? ''))}
          onBlur={onBlur}
        />
      );
    }
    case 'radio':
      return (
        <Radio.Group disabled={disabled} value={asText(value)} onChange={(event) => onChange(event.target.value)}>
          {optionsOf(column as GridColumn<GridRow>).map((option) => (
            <Radio key={asText(option.value)} value={asText(option.value)}>
              {option.label}
            </Radio>
          ))}
        </Radio.Group>
      );
    case 'date':
    case 'datetime': {
      const format = column.type === 'date' ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm:ss';
      const parsed = asText(value) ? dayjs(asText(value)) : null;
      return (
        <DatePicker
          {...common}
          style={{ width: '100%', minWidth: column.type === 'date' ? gridSizes.dateMinWidth : gridSizes.selectorMinWidth }}
          showTime={column.type === 'datetime'}
          format={format}
          value={parsed?.isValid() ? parsed : null}
          onChange={(next) => onChange(next ? next.format(format) : '')}
        />
      );
    }
    case 'sel_depart':
      return <DepartTreeSelect disabled={disabled} status={status} style={{ width: '100%', minWidth: gridSizes.selectorMinWidth }} value={asText(value) || undefined} onChange={(next) => onChange(Array.isArray(next) ? next.join(',') : (next ?? ''))} />;
    case 'sel_user':
      return <UserCell value={value} invalid={invalid} disabled={disabled} onChange={onChange} />;
    case 'input_pop':
      return <TextPopupCell value={value} invalid={invalid} disabled={disabled} onInput={onInput} onBlur={onBlur} />;
    case 'upload':
    case 'file':
    case 'image':
      return <UploadCell value={value} type={column.type} disabled={disabled} onChange={onChange} />;
    case 'popup':
      if (column.popup && !column.render) {
        return <PopupReportInput {...column.popup} value={asText(value)} disabled={disabled} placeholder={column.placeholder} onSelect={(_rows, values) => onRowChange(values as Partial<Row>)} />;
      }
      return column.render ? column.render({ value, row, rowKey, onChange, onRowChange, disabled, invalid }) : <span>{asText(value)}</span>;
    case 'slot':
      return column.render ? column.render({ value, row, rowKey, onChange, onRowChange, disabled, invalid }) : <span>{asText(value)}</span>;
  }
}
