import type { Language } from '@cellsight/contract';
import { DictCode } from '@cellsight/contract';
import { Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictSelect } from '@/components/dict-select';

interface FieldInputProps<Value> {
  value?: Value;
  onChange?: (value: Value) => void;
  id?: string;
}

/** A text input that clears to null, so an emptied optional field is cleared on save, not left as it was. */
export function ClearableInput({ value, onChange, id }: FieldInputProps<string | null>) {
  return <Input id={id} autoComplete="off" value={value ?? ''} onChange={(event) => onChange?.(event.target.value === '' ? null : event.target.value)} />;
}

/** The item status select: the record carries the status as a number, the dictionary's values are text. */
export function ItemStatusSelect({ value, onChange, id }: FieldInputProps<string | number | undefined>) {
  return <DictSelect id={id} code={DictCode.DictItemStatus} value={value === undefined || value === null ? undefined : String(value)} onChange={(next) => onChange?.(next)} />;
}

type Translations = Partial<Record<Exclude<Language, 'en-US'>, string>>;
const translated = ['zh-CN', 'de-DE'] as const;

/** The item's text in the console's other languages; an empty one falls back to the item text. */
export function TranslationsInput({ value, onChange, id }: FieldInputProps<Translations>) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" style={{ width: '100%' }} id={id}>
      {translated.map((language) => (
        <Space.Compact key={language} block>
          <Space.Addon style={{ minWidth: 88 }}>{t(`languages.${language}`)}</Space.Addon>
          <Input
            autoComplete="off"
            aria-label={t('dictionaries:items.textIn', { language: t(`languages.${language}`) })}
            value={value?.[language] ?? ''}
            onChange={(event) => onChange?.({ ...value, [language]: event.target.value || undefined })}
          />
        </Space.Compact>
      ))}
    </Space>
  );
}
