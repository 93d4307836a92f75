import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { SearchForm } from '@/components/search-form';
import { sexOptions, statusOptions } from '../lib/dict-options';
import type { UserListFilters } from '../lib/user-list-query';

interface SearchValues {
  username?: string;
  realname?: string;
  phone?: string;
  sex?: number;
  status?: number;
}

interface UserSearchBarProps {
  /** The filters in force (from the URL). */
  filters: UserListFilters;
  onSearch: (filters: UserListFilters) => void;
  onReset: () => void;
}

/** Filters of the Users screen; the page applies them on Search, not on every keystroke. */
const numberOrNone = (value: string | undefined) => (value === undefined || value === '' || Number.isNaN(Number(value)) ? undefined : Number(value));

export function UserSearchBar({ filters, onSearch, onReset }: UserSearchBarProps) {
  const { t } = useTranslation('users');
  const [form] = Form.useForm<SearchValues>();

  const submit = (values: SearchValues) =>
    onSearch({
      username: values.username,
      realname: values.realname,
      phone: values.phone,
      sex: values.sex === undefined ? undefined : String(values.sex),
      status: values.status === undefined ? undefined : String(values.status),
    });

  return (
    <SearchForm
      form={form}
      name="user-search"
      label={t('search.label')}
      onSearch={submit}
      onReset={onReset}
      values={{ username: filters.username, realname: filters.realname, phone: filters.phone, sex: numberOrNone(filters.sex), status: numberOrNone(filters.status) }}
    >
      <Form.Item name="username" label={t('fields.username')}>
        <Input allowClear placeholder={t('search.usernamePlaceholder')} />
      </Form.Item>
      <Form.Item name="realname" label={t('fields.realname')}>
        <Input allowClear placeholder={t('search.realnamePlaceholder')} />
      </Form.Item>
      <Form.Item name="phone" label={t('fields.phone')}>
        <Input allowClear placeholder={t('search.phonePlaceholder')} />
      </Form.Item>
      <Form.Item name="sex" label={t('fields.sex')}>
        <Select allowClear options={sexOptions(t)} placeholder={t('search.selectPlaceholder')} style={{ minWidth: 120 }} />
      </Form.Item>
      <Form.Item name="status" label={t('fields.status')}>
        <Select allowClear options={statusOptions(t)} placeholder={t('search.selectPlaceholder')} style={{ minWidth: 120 }} />
      </Form.Item>
    </SearchForm>
  );
}
