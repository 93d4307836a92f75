import { SearchOutlined } from '@ant-design/icons';
import { App, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PopupReportModal } from './popup-report-modal';
import type { ReportRow } from './popup-report-table';

export interface PopupReportInputProps {
  /** The online report to choose from. */
  code: string;
  /** The report's columns to take, comma-separated (`name,region`). */
  orgFields: string;
  /** The form fields they fill, in the same order (`stationName,stationRegion`). */
  destFields: string;
  /** Several rows may be chosen: each field gets their values joined by commas. */
  multi?: boolean;
  /** Values of the report's `${param}` placeholders. */
  params?: Record<string, string>;
  /** Told the chosen rows and the values given to the destination fields. */
  onSelect?: (rows: ReportRow[], values: Record<string, string>) => void;
  /** As a form field: the value of the first destination field. */
  value?: string | null;
  onChange?: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
}

/** Whether the picker is configured: code, orgFields and destFields given, with as many destination fields as source fields. */
export const popupConfigured = ({ code, orgFields, destFields }: Pick<PopupReportInputProps, 'code' | 'orgFields' | 'destFields'>): boolean => {
  const split = (fields: string) => fields.split(',').map((field) => field.trim()).filter(Boolean);
  return Boolean(code && orgFields && destFields) && split(orgFields).length === split(destFields).length;
};

/** The values the chosen rows give the destination fields: each source column's values, comma-joined. */
export const popupValues = (rows: ReportRow[], orgFields: string, destFields: string): Record<string, string> => {
  const origins = orgFields.split(',').map((field) => field.trim());
  const destinations = destFields.split(',').map((field) => field.trim());
  return Object.fromEntries(destinations.map((destination, index) => [destination, rows.map((row) => row[origins[index] ?? ''] ?? '').map(String).join(',')]));
};

/**
 * The popup report field (spec sections 2 and 5): a read-only input that opens the report `code`
 * in a picker; OK fills the form's `destFields` from the chosen row's `orgFields`. Missing or
 * mismatched fields say 'popup参数未正确配置!' (in the console's language) instead of opening.
 */
export function PopupReportInput({ code, orgFields, destFields, multi = false, params, onSelect, value, onChange, placeholder, disabled, id }: PopupReportInputProps) {
  const { t } = useTranslation('popup-report');
  const { message } = App.useApp();
  const form = Form.useFormInstance();
  const [open, setOpen] = useState(false);
  const configured = popupConfigured({ code, orgFields, destFields });

  const openPicker = () => {
    if (disabled) return;
    if (!configured) {
      void message.error(t('misconfigured'));
      return;
    }
    setOpen(true);
  };

  const choose = (rows: ReportRow[]) => {
    const values = popupValues(rows, orgFields, destFields);
    // Inside a form every destination field is filled; the first is this input's own value.
    form?.setFieldsValue(values);
    const first = destFields.split(',')[0]?.trim() ?? '';
    onChange?.(values[first] ?? '');
    onSelect?.(rows, values);
    setOpen(false);
  };

  return (
    <>
      <Input
        id={id}
        readOnly
        value={value ?? ''}
        placeholder={placeholder ?? t('placeholder')}
        disabled={disabled}
        status={configured ? undefined : 'error'}
        onClick={openPicker}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            openPicker();
          }
        }}
        suffix={<SearchOutlined aria-label={t('open')} onClick={openPicker} />}
        style={{ cursor: disabled ? undefined : 'pointer' }}
      />
      {configured && <PopupReportModal open={open} code={code} multi={multi} params={params} onCancel={() => setOpen(false)} onOk={choose} />}
    </>
  );
}
