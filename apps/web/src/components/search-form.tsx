import { Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { SearchActions } from './search-actions';

interface SearchFormProps<Values> {
  form: FormInstance<Values>;
  name: string;
  /** Names the search landmark for assistive technology. */
  label: string;
  onSearch: (values: Values) => void;
  /** Called after the fields were cleared. */
  onReset: () => void;
  children: ReactNode;
}

/**
 * A screen's search bar: inline filter fields, then Search and Reset. Filters apply on Search, not
 * on every keystroke; Reset clears the fields and tells the screen.
 */
export function SearchForm<Values>({ form, name, label, onSearch, onReset, children }: SearchFormProps<Values>) {
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
