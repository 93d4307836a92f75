import { type QueryRule, parseListValue } from '@cellsight/contract';
import { DatePicker, Input, InputNumber, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { isChoice } from './conditions';
import type { AdvancedQueryField } from './types';

/** Every date list column is a timestamp, so the picker sets the time too. */
const dateTimeFormat = 'YYYY-MM-DD HH:mm:ss';

interface ValueInputProps {
  field: AdvancedQueryField | undefined;
  rule: QueryRule | undefined;
  values: string[];
  onChange: (values: string[]) => void;
  /** The accessible name (the row's value). */
  label: string;
}

const single = (value: string | null | undefined): string[] => (value ? [value] : []);

/** The value of one condition, as its field's type asks: several values for the rule 'in'. */
export function ValueInput({ field, rule, values, onChange, label }: ValueInputProps) {
  const { t } = useTranslation('query');
  const { t: common } = useTranslation('common');
  const style = { width: '100%' };
  if (!field) return <Input disabled aria-label={label} placeholder={t('pickFieldFirst')} style={style} />;

  const multiple = rule === 'in';
  if (isChoice(field)) {
    const options = field.options ?? [
      { value: 'true', label: common('yes') },
      { value: 'false', label: common('no') },
    ];
    return (
      <Select
        aria-label={label}
        mode={multiple ? 'multiple' : undefined}
        options={options}
        showSearch={{ optionFilterProp: 'label' }}
        value={multiple ? values : values[0]}
        onChange={(next: string | string[] | undefined) => onChange(Array.isArray(next) ? next : single(next))}
        placeholder={t('valuePlaceholder')}
        style={style}
      />
    );
  }
  if (multiple) {
    // Typed values become tags; a comma separates them too (the wire joins them with commas), and
    // a value the column cannot hold is dropped here rather than refused by the server.
    return (
      <Select
        aria-label={label}
        mode="tags"
        open={false}
        suffixIcon={null}
        tokenSeparators={[',']}
        value={values}
        onChange={(next: string[]) => onChange(next.filter((value) => !('error' in parseListValue(field.type, value))))}
        placeholder={t('valuesPlaceholder')}
        style={style}
      />
    );
  }
  switch (field.type) {
    case 'date': {
      const date = values[0] ? dayjs(values[0]) : null;
      return (
        <DatePicker
          aria-label={label}
          showTime={{ defaultOpenValue: dayjs().startOf('day') }}
          format={dateTimeFormat}
          value={date?.isValid() ? date : null}
          onChange={(next) => onChange(next ? [next.format(dateTimeFormat)] : [])}
          placeholder={t('datePlaceholder')}
          style={style}
        />
      );
    }
    case 'smallint':
    case 'integer':
    case 'number':
      return (
        <InputNumber<string>
          aria-label={label}
          stringMode
          precision={field.type === 'number' ? undefined : 0}
          value={values[0] ?? null}
          onChange={(next) => onChange(single(next))}
          placeholder={t('valuePlaceholder')}
          style={style}
        />
      );
    default:
      return <Input aria-label={label} value={values[0] ?? ''} onChange={(event) => onChange(single(event.target.value))} placeholder={t('valuePlaceholder')} style={style} />;
  }
}
