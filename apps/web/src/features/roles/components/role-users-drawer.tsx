import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import { type RoleRecord, type UserRecord, userResource } from '@cellsight/contract';
import { Button, Drawer, Form, Input, Popconfirm, Space, Table, type TableColumnType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { UserPickerModal, useUserColumns, userListConfig } from '@/components/pickers/user-picker-modal';
import { useFieldLabel } from '@/components/resource-page';
import { SearchForm } from '@/components/search-form';
import { type SearchField, toListQuery, useListState } from '@/lib/list-state';
import { serverTable } from '@/lib/server-table';
import { useServerFeedback } from '@/lib/server-feedback';
import { useRoleUserMutations, useRoleUsers } from '../api/role-users';

interface RoleUsersDrawerProps {
  role: RoleRecord | null;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}

/** The users holding a role: search them, give the role to more users, take it away. */
export function RoleUsersDrawer({ role, open, onClose, afterClose }: RoleUsersDrawerProps) {
  const { t } = useTranslation('roles');
  return (
    <Drawer
      open={open}
      title={role ? t('users.title', { name: role.roleName }) : undefined}
      size={800}
      onClose={onClose}
      afterOpenChange={(visible) => {
        if (!visible) afterClose();
      }}
      destroyOnHidden
    >
      {role && <RoleUserList roleId={role.id} />}
    </Drawer>
  );
}

const search: readonly SearchField[] = [{ field: 'username', rule: 'like' }];
const listConfig = userListConfig(['username']);

function RoleUserList({ roleId }: { roleId: string }) {
  const { t } = useTranslation('roles');
  const { t: common } = useTranslation();
  const feedback = useServerFeedback();
  const label = useFieldLabel(userResource);
  const [searchForm] = Form.useForm<Partial<Record<string, string>>>();
  const { state, setPage, setSort, search: applySearch, reset } = useListState(listConfig, { inUrl: false });
  const list = useRoleUsers(roleId, toListQuery(state, search));
  const { add, remove } = useRoleUserMutations(roleId);
  const [selected, setSelected] = useState<string[]>([]);
  const [picking, setPicking] = useState(false);

  const addUsers = async (userIds: string[]) => {
    try {
      feedback.success(await add.mutateAsync(userIds), t('users.added'));
      setPicking(false);
    } catch (error) {
      feedback.error(error);
    }
  };

  const removeUsers = async (userIds: string[]) => {
    try {
      feedback.success(await remove.mutateAsync(userIds), t('users.removed'));
      setSelected((current) => current.filter((id) => !userIds.includes(id)));
    } catch (error) {
      feedback.error(error);
    }
  };

  const table = serverTable<UserRecord, string>({
    sortable: listConfig.sortable,
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    total: list.data?.total ?? 0,
    showTotal: (total, [from, to]) => common('resource.total', { from, to, total }),
    onSortChange: setSort,
    onPageChange: setPage,
  });
  const userColumns = useUserColumns(['username', 'realname', 'phone', 'status', 'createTime'], state.sort);
  const columns: TableColumnType<UserRecord>[] = [
    ...userColumns,
    {
      key: 'actions',
      title: common('resource.actions'),
      fixed: 'end',
      render: (_value: unknown, user: UserRecord) => (
        <Popconfirm title={t('users.confirmRemove', { count: 1 })} okText={common('ok')} cancelText={common('cancel')} onConfirm={() => removeUsers([user.id])}>
          <Button type="link" size="small" danger>
            {t('users.remove')}
          </Button>
        </Popconfirm>
      ),
    },
  ];
  const values = state.filters.username ? { username: state.filters.username } : {};

  return (
    <>
      <SearchForm form={searchForm} name="role-users-search" label={common('search')} values={values} onSearch={applySearch} onReset={reset}>
        <Form.Item name="username" label={label('username')}>
          <Input allowClear autoComplete="off" />
        </Form.Item>
      </SearchForm>
      <Space wrap style={{ margin: '16px 0' }}>
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => setPicking(true)}>
          {t('users.add')}
        </Button>
        {selected.length > 0 && (
          <>
            <Popconfirm title={t('users.confirmRemove', { count: selected.length })} okText={common('ok')} cancelText={common('cancel')} onConfirm={() => removeUsers(selected)}>
              <Button danger icon={<DeleteOutlined />}>
                {t('users.removeSelected')}
              </Button>
            </Popconfirm>
            <span aria-live="polite">{common('resource.selected', { count: selected.length })}</span>
          </>
        )}
      </Space>
      {list.isError && <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} style={{ marginBottom: 16 }} />}
      <Table<UserRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching || remove.isPending}
        onChange={table.onChange}
        pagination={table.pagination}
        rowSelection={{ selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: (keys) => setSelected(keys.map(String)) }}
        locale={{ emptyText: common('resource.empty') }}
        scroll={{ x: 'max-content' }}
      />
      <UserPickerModal open={picking} title={t('users.pickTitle')} confirmLoading={add.isPending} onCancel={() => setPicking(false)} onPick={(userIds) => void addUsers(userIds)} />
    </>
  );
}
