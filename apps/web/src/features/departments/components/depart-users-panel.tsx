import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import { DictCode, type DepartTreeNode, Permission, type UserRecord, userListColumns, userResource } from '@cellsight/contract';
import { Button, Form, Input, Popconfirm, Space, Table, type TableColumnType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '@/components/dict-select';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { DepartUserPickerModal } from '@/components/pickers/depart-user-picker-modal';
import { useFieldLabel } from '@/components/resource-page';
import { SearchForm } from '@/components/search-form';
import { type SearchField, toListQuery, useListState } from '@/lib/list-state';
import { useHasPermission } from '@/lib/permissions';
import { serverTable, sortOrderOf } from '@/lib/server-table';
import { useServerFeedback } from '@/lib/server-feedback';
import { useDepartUserMutations, useDepartUsers } from '../api/departments';

type Column = keyof typeof userListColumns & string;
const search: readonly SearchField<'username'>[] = [{ field: 'username', rule: 'like' }];
const listConfig = {
  sortable: Object.keys(userListColumns) as Column[],
  defaultSort: { column: 'createTime' as Column, order: 'desc' as const },
  filters: ['username' as const],
};
const shownFields: readonly Column[] = ['username', 'realname', 'sex', 'phone', 'status'];
const dictionaries: Partial<Record<Column, string>> = { sex: DictCode.Sex, status: DictCode.UserStatus };

/**
 * The users of one department: searchable by user name, paged and sorted by the server. With the
 * edit permission, users are added through the user-by-department picker and taken out with a
 * confirmation (one row, or the selected rows). Mounted per department.
 */
export function DepartUsersPanel({ depart }: { depart: DepartTreeNode }) {
  const { t } = useTranslation('departments');
  const label = useFieldLabel(userResource);
  const feedback = useServerFeedback();
  const canEdit = useHasPermission(Permission.DepartEdit);
  const { state, setPage, setSort, search: applySearch, reset } = useListState(listConfig, { inUrl: false });
  const users = useDepartUsers(depart.id, toListQuery(state, search));
  const { add, remove } = useDepartUserMutations(depart.id);
  const [searchForm] = Form.useForm<{ username?: string }>();
  const [selected, setSelected] = useState<string[]>([]);
  const [picking, setPicking] = useState(false);

  const addUsers = async (picked: UserRecord[]) => {
    try {
      feedback.success(await add.mutateAsync(picked.map((user) => user.id)), t('users.added'));
      setPicking(false);
    } catch (error) {
      feedback.error(error);
    }
  };
  const removeUsers = async (ids: string[]) => {
    try {
      feedback.success(await remove.mutateAsync(ids), t('users.removed'));
      setSelected((current) => current.filter((id) => !ids.includes(id)));
    } catch (error) {
      feedback.error(error);
    }
  };

  const columns: TableColumnType<UserRecord>[] = shownFields.map((field) => {
    const dictionary = dictionaries[field];
    return {
      key: field,
      dataIndex: field,
      title: label(field),
      sorter: true,
      sortOrder: sortOrderOf(state.sort, field),
      ...(dictionary ? { render: (_value: unknown, user: UserRecord) => <DictTag code={dictionary} value={user[field as 'sex' | 'status']} text={user[`${field as 'sex' | 'status'}_dictText`]} /> } : {}),
    };
  });
  if (canEdit) {
    columns.push({
      key: 'actions',
      title: t('common:resource.actions'),
      render: (_value: unknown, user: UserRecord) => (
        <Popconfirm title={t('users.confirmRemove', { count: 1 })} okText={t('common:ok')} cancelText={t('common:cancel')} onConfirm={() => removeUsers([user.id])}>
          <Button type="link" size="small" danger>
            {t('users.remove')}
          </Button>
        </Popconfirm>
      ),
    });
  }

  const table = serverTable<UserRecord, Column>({
    sortable: listConfig.sortable,
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    total: users.data?.total ?? 0,
    showTotal: (total, [from, to]) => t('common:resource.total', { from, to, total }),
    onSortChange: setSort,
    onPageChange: setPage,
  });

  return (
    <>
      <SearchForm form={searchForm} name="depart-users-search" label={t('common:search')} values={{ username: state.filters.username }} onSearch={(values) => applySearch({ username: values.username })} onReset={reset}>
        <Form.Item name="username" label={label('username')}>
          <Input allowClear autoComplete="off" />
        </Form.Item>
      </SearchForm>
      {canEdit && (
        <Space wrap style={{ margin: '16px 0' }}>
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setPicking(true)}>
            {t('users.add')}
          </Button>
          {selected.length > 0 && (
            <Popconfirm title={t('users.confirmRemove', { count: selected.length })} okText={t('common:ok')} cancelText={t('common:cancel')} onConfirm={() => removeUsers(selected)}>
              <Button danger icon={<DeleteOutlined />}>
                {t('users.removeSelected')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      )}
      {users.isError && <LoadErrorAlert error={users.error} onRetry={() => void users.refetch()} style={{ margin: '16px 0' }} />}
      <Table<UserRecord>
        rowKey="id"
        columns={columns}
        dataSource={users.data?.records ?? []}
        loading={users.isFetching}
        onChange={table.onChange}
        pagination={table.pagination}
        scroll={{ x: 'max-content' }}
        rowSelection={canEdit ? { selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: (keys) => setSelected(keys.map(String)) } : undefined}
        locale={{ emptyText: t('users.empty') }}
        style={canEdit ? undefined : { marginTop: 16 }}
      />
      <DepartUserPickerModal open={picking} title={t('users.pickerTitle', { name: depart.departName })} confirmLoading={add.isPending} onOk={(picked) => void addUsers(picked)} onCancel={() => setPicking(false)} />
    </>
  );
}
