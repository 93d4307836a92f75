import type { Language } from '@cellsight/contract';
import { Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';

interface FieldInputProps<Value> {
  value?: Value;
  onChange?: (value: Value) => void;
  id?: string;
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
