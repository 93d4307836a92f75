import { DeleteOutlined } from '@ant-design/icons';
import type { QueryRule } from '@cellsight/contract';
import { Button, Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { rulesFor, withField, withRule } from './conditions';
import type { AdvancedQueryField, ConditionRow as Row } from './types';
import { ValueInput } from './value-input';

interface ConditionRowProps {
  row: Row;
  /** 1-based, for the accessible names ("Field of condition 2"). */
  position: number;
  fields: AdvancedQueryField[];
  onChange: (row: Row) => void;
  /** Absent for the last row left: at least one stays. */
  onRemove?: () => void;
}

/** One condition: field, rule and value, and a button that removes it. */
export function ConditionRow({ row, position, fields, onChange, onRemove }: ConditionRowProps) {
  const { t } = useTranslation('query');
  const field = fields.find((f) => f.name === row.field);
  return (
    <Flex gap={8} align="center">
      <Select
        aria-label={t('row.field', { row: position })}
        options={fields.map((f) => ({ value: f.name, label: f.label }))}
        showSearch={{ optionFilterProp: 'label' }}
        value={row.field}
        onChange={(name: string) => onChange(withField(row, fields.find((f) => f.name === name)))}
        placeholder={t('fieldPlaceholder')}
        style={{ width: 220, flex: 'none' }}
      />
      <Select
        aria-label={t('row.rule', { row: position })}
        options={rulesFor(field).map((rule) => ({ value: rule, label: t(`rules.${rule}`) }))}
        showSearch={{ optionFilterProp: 'label' }}
        value={row.rule}
        onChange={(rule: QueryRule) => onChange(withRule(row, rule))}
        placeholder={t('rulePlaceholder')}
        style={{ width: 180, flex: 'none' }}
      />
      <div style={{ flex: 1, minWidth: 0 }}>
        <ValueInput field={field} rule={row.rule} values={row.values} onChange={(values) => onChange({ ...row, values })} label={t('row.value', { row: position })} />
      </div>
      <Button icon={<DeleteOutlined />} aria-label={t('row.remove', { row: position })} disabled={!onRemove} onClick={onRemove} />
    </Flex>
  );
}
