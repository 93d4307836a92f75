import { type ListColumns, type UserRecord, limits, userResource } from '@cellsight/contract';
import { Form, Input, Modal, Table, type TableColumnType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '@/components/dict-select';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { useFieldLabel, useResourceList } from '@/kit/resource-page';
import { SearchForm } from '@/kit/search-form';
import { type PageSizes, type SearchField, pickerPageSizes, toListQuery, useListState } from '@/kit/list-state';
import { formatDateTime } from '@/lib/format';
import { type ListSort, serverTable, sortOrderOf } from '@/kit/server-table';

interface UserPickerModalProps {
  open: boolean;
  title: string;
  /** While the caller stores the choice. */
  confirmLoading?: boolean;
  onCancel: () => void;
  /** The ids of the chosen users (at least one; OK is disabled before). */
  onPick: (userIds: string[]) => void;
}

const sortableUserColumns = Object.entries(userResource.columns as ListColumns)
  .filter(([, column]) => column.sortable !== false)
  .map(([name]) => name);

/** The list state of a list of users: the Users list's sortable columns and default order, and these filters. Call it once, at module level. */
export const userListConfig = (filters: readonly string[], pageSizes?: PageSizes) => ({ sortable: sortableUserColumns, defaultSort: userResource.defaultSort, filters, pageSizes });

const userDictionaries = userResource.dictionaries as Record<string, string | undefined>;

/** Table columns of user fields: labels from the contract, sorted by the server where the list contract allows, dictionary values as tags, times formatted. */
export const useUserColumns = (fields: readonly string[], sort: ListSort<string> | null): TableColumnType<UserRecord>[] => {
  const label = useFieldLabel(userResource);
  return fields.map((field) => {
    const dictionary = userDictionaries[field];
    return {
      key: field,
      dataIndex: field,
      title: label(field),
      ...(sortableUserColumns.includes(field) ? { sorter: true, sortOrder: sortOrderOf(sort, field) } : {}),
      ...(dictionary ? { render: (value: string | number | null, user: Record<string, unknown>) => <DictTag code={dictionary} value={value} text={user[`${field}_dictText`] as string | null | undefined} /> } : {}),
      ...((userResource.columns as ListColumns)[field]?.type === 'date' ? { render: (value: string | null) => formatDateTime(value) } : {}),
    };
  });
};

const search: readonly SearchField[] = [
  { field: 'username', rule: 'like' },
  { field: 'realname', rule: 'like' },
];
const listConfig = userListConfig(search.map((s) => s.field), pickerPageSizes);

/**
 * Choose users from the Users list (`/sys/user/list`): searchable by user name and real name,
 * paged by the server, with checkboxes that keep their ticks across pages.
 */
export function UserPickerModal({ open, title, confirmLoading, onCancel, onPick }: UserPickerModalProps) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <Modal
      open={open}
      title={title}
      width={limits.modalWidths.userPicker}
      okText={t('ok')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: selected.length === 0 }}
      confirmLoading={confirmLoading}
      onOk={() => onPick(selected)}
      onCancel={onCancel}
      afterOpenChange={(visible) => {
        if (!visible) setSelected([]);
      }}
      destroyOnHidden
    >
      <UserPickerList selected={selected} onSelect={setSelected} />
    </Modal>
  );
}

function UserPickerList({ selected, onSelect }: { selected: string[]; onSelect: (ids: string[]) => void }) {
  const { t } = useTranslation();
  const label = useFieldLabel(userResource);
  const [searchForm] = Form.useForm<Partial<Record<string, string>>>();
  const { state, setPage, setSort, search: applySearch, reset } = useListState(listConfig, { inUrl: false });
  const list = useResourceList(userResource, toListQuery(state, search));
  const table = serverTable<UserRecord, string>({ state, setPage, setSort }, { sortable: listConfig.sortable, total: list.data?.total ?? 0, pageSizeOptions: pickerPageSizes.options });
  const tableColumns = useUserColumns(['username', 'realname', 'phone', 'status'], state.sort);
  const values = Object.fromEntries(search.map(({ field }) => [field, state.filters[field]]).filter(([, value]) => value));

  return (
    <>
      <SearchForm form={searchForm} name="user-picker-search" label={t('search')} values={values} onSearch={applySearch} onReset={reset}>
        {search.map(({ field }) => (
          <Form.Item key={field} name={field} label={label(field)}>
            <Input allowClear autoComplete="off" />
          </Form.Item>
        ))}
      </SearchForm>
      {list.isError && <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} style={{ marginTop: 16 }} />}
      <Table<UserRecord>
        rowKey="id"
        size="middle"
        style={{ marginTop: 16 }}
        columns={tableColumns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        onChange={table.onChange}
        pagination={table.pagination}
        rowSelection={{ selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: (keys) => onSelect(keys.map(String)) }}
        locale={{ emptyText: t('resource.empty') }}
        scroll={{ x: 'max-content' }}
      />
      {selected.length > 0 && <span aria-live="polite">{t('resource.selected', { count: selected.length })}</span>}
    </>
  );
}
