import type { DictOption } from '@cellsight/contract';
import { Select, type SelectProps, Tag } from 'antd';
import { session } from '@/lib/session';

/** The items of a dictionary in the console's language (kept fresh by `useDictionaries`). */
export const dictOptions = (code: string): DictOption[] => session.dictItems[code] ?? [];

type DictSelectProps = Omit<SelectProps<string>, 'options'> & { code: string };

/** A select over a dictionary's items; the value is the item value, the label its text. */
export function DictSelect({ code, ...props }: DictSelectProps) {
  return <Select<string> allowClear showSearch optionFilterProp="label" {...props} options={dictOptions(code).map((item) => ({ value: item.value, label: item.text }))} />;
}

const tagColors: Record<string, string> = { '0': 'default', '1': 'green', '2': 'orange', '3': 'blue', '4': 'purple', '5': 'magenta' };

/** A dictionary value as a tag: the server's `<field>_dictText`, else the item's text, else the value. */
export function DictTag({ code, value, text }: { code: string; value: string | number | null | undefined; text?: string | null }) {
  if (value === null || value === undefined || value === '') return null;
  const label = text ?? dictOptions(code).find((item) => item.value === String(value))?.text ?? String(value);
  return <Tag color={tagColors[String(value)] ?? 'default'}>{label}</Tag>;
}
