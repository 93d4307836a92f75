import { Form, type FormInstance } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { SearchActions } from './search-actions';

interface SearchFormProps<Values> {
  form: FormInstance<Values>;
  name: string;
  /** Names the search landmark for assistive technology. */
  label: string;
  onSearch: (values: Values) => void;
  /** Called after the fields were cleared. */
  onReset: () => void;
  /** The filters in force (kept in the URL): shown in the fields, also after Back or from a copied link. */
  values?: Values;
  children: ReactNode;
}

/**
 * A screen's search bar: inline filter fields, then Search and Reset. Filters apply on Search, not
 * on every keystroke; Reset clears the fields and tells the screen.
 */
export function SearchForm<Values>({ form, name, label, onSearch, onReset, values, children }: SearchFormProps<Values>) {
  const shown = JSON.stringify(values ?? {});
  // The filters last put in the fields: a kept-alive page coming back runs its effects again, and
  // must find what was typed but not yet searched as it was left.
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (applied.current === shown) return;
    applied.current = shown;
    form.resetFields();
    form.setFieldsValue(JSON.parse(shown) as Parameters<typeof form.setFieldsValue>[0]);
  }, [form, shown]);
  const reset = () => {
    form.resetFields();
    onReset();
  };
  return (
    <Form form={form} name={name} layout="inline" onFinish={onSearch} aria-label={label} role="search" style={{ rowGap: 12 }}>
      {children}
      <SearchActions onReset={reset} />
    </Form>
  );
}
