import { InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';

type NumberRange = readonly (string | null | undefined)[];

export interface NumberRangeInputProps {
  value?: NumberRange | null;
  onChange?: (value: NumberRange | undefined) => void;
  id?: string;
  'aria-label'?: string;
}

const textOf = (value: number | string | null): string | null => (value === null || value === '' ? null : String(value));

/**
 * A search bar's number range (from, to), either end may stay open. Its value stays text, as the
 * URL keeps it; the list sends the ends as `<field>_begin` and `<field>_end`. Loaded on demand
 * (`number-range-input.tsx`).
 */
export default function NumberRangeFields({ value, onChange, id, 'aria-label': label }: NumberRangeInputProps) {
  const { t } = useTranslation('common');
  const [from, to] = [value?.[0] ?? null, value?.[1] ?? null];
  const change = (next: [string | null, string | null]) => onChange?.(next[0] === null && next[1] === null ? undefined : next);
  return (
    <Space.Compact>
      <InputNumber id={id} value={from} placeholder={t('resource.rangeFrom')} aria-label={`${label ?? ''} ${t('resource.rangeFrom')}`.trim()} style={{ width: 90 }} onChange={(next) => change([textOf(next), to])} />
      <InputNumber value={to} placeholder={t('resource.rangeTo')} aria-label={`${label ?? ''} ${t('resource.rangeTo')}`.trim()} style={{ width: 90 }} onChange={(next) => change([from, textOf(next)])} />
    </Space.Compact>
  );
}
