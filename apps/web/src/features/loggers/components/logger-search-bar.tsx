import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { SearchForm } from '@/components/search-form';
import type { LoggerListFilters } from '../lib/logger-list-query';

interface SearchValues {
  gsn?: string;
  online?: 'online' | 'offline';
}

/** Filters of the Loggers screen: part of the SN, and online or offline. */
export function LoggerSearchBar({ filters, onSearch, onReset }: { filters: LoggerListFilters; onSearch: (filters: LoggerListFilters) => void; onReset: () => void }) {
  const { t } = useTranslation('loggers');
  const [form] = Form.useForm<SearchValues>();

  const submit = (values: SearchValues) => onSearch({ gsn: values.gsn, online: values.online === undefined ? undefined : String(values.online === 'online') });
  const online = filters.online === 'true' ? 'online' : filters.online === 'false' ? 'offline' : undefined;
  return (
    <SearchForm form={form} name="logger-search" label={t('search.label')} onSearch={submit} onReset={onReset} values={{ gsn: filters.gsn, online }}>
      <Form.Item name="gsn" label={t('fields.gsn')}>
        <Input allowClear placeholder={t('search.gsnPlaceholder')} />
      </Form.Item>
      <Form.Item name="online" label={t('fields.online')}>
        <Select
          allowClear
          placeholder={t('search.selectPlaceholder')}
          style={{ minWidth: 120 }}
          options={[
            { value: 'online', label: t('state.online') },
            { value: 'offline', label: t('state.offline') },
          ]}
        />
      </Form.Item>
    </SearchForm>
  );
}
