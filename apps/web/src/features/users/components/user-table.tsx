import type { Page, UserRecord } from '@cellsight/contract';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { serverTable, sortOrderOf as indicator } from '@/lib/server-table';
import type { UserPermissions } from '../lib/use-user-permissions';
import { sortableUserColumns, type SortableUserColumn, type UserListSort, type UserListState } from '../lib/user-list-query';
import { UserAvatar } from './user-avatar';
import { UserRowActions } from './user-row-actions';
import { UserStatusTag } from './user-status-tag';

interface UserTableProps {
  page: Page<UserRecord> | undefined;
  loading: boolean;
  state: UserListState;
  onPageChange: (pageNo: number, pageSize: number) => void;
  onSortChange: (sort: UserListSort | null) => void;
  selected: string[];
  onSelectedChange: (ids: string[]) => void;
  can: UserPermissions;
  onEdit: (user: UserRecord) => void;
  onFreeze: (user: UserRecord, frozen: boolean) => Promise<void>;
  onDelete: (user: UserRecord) => Promise<void>;
  onResetPassword: (user: UserRecord) => void;
}

/** The Users table: server-side paging and sorting, so every change goes back to the page state. */
export function UserTable({ page, loading, state, onPageChange, onSortChange, selected, onSelectedChange, can, ...actions }: UserTableProps) {
  const { t } = useTranslation('users');

  const sortOrderOf = (column: SortableUserColumn) => indicator(state.sort, column);

  const showActions = can.edit || can.freeze || can.remove || can.resetPassword;
  const columns: TableColumnsType<UserRecord> = [
    { title: t('fields.username'), dataIndex: 'username', key: 'username', sorter: true, sortOrder: sortOrderOf('username') },
    { title: t('fields.realname'), dataIndex: 'realname', key: 'realname', sorter: true, sortOrder: sortOrderOf('realname') },
    { title: t('fields.avatar'), dataIndex: 'avatar', key: 'avatar', render: (_value, record) => <UserAvatar path={record.avatar} name={record.username} /> },
    { title: t('fields.sex'), dataIndex: 'sex_dictText', key: 'sex' },
    { title: t('fields.phone'), dataIndex: 'phone', key: 'phone' },
    { title: t('fields.email'), dataIndex: 'email', key: 'email' },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      key: 'status',
      render: (_value, record) => <UserStatusTag status={record.status} text={record.status_dictText} />,
    },
    {
      title: t('fields.createTime'),
      dataIndex: 'createTime',
      key: 'createTime',
      sorter: true,
      sortOrder: sortOrderOf('createTime'),
      render: (value: string) => formatDateTime(value),
      onCell: () => ({ style: { minWidth: 135, whiteSpace: 'nowrap' } }),
    },
    ...(showActions
      ? [
          {
            title: t('columns.actions'),
            key: 'actions',
            fixed: 'end' as const,
            render: (_value: unknown, record: UserRecord) => <UserRowActions user={record} can={can} {...actions} />,
          },
        ]
      : []),
  ];

  const table = serverTable<UserRecord, SortableUserColumn>({
    sortable: sortableUserColumns,
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    total: page?.total ?? 0,
    showTotal: (total, [from, to]) => t('table.total', { from, to, total }),
    onSortChange,
    onPageChange,
  });

  return (
    <Table<UserRecord>
      rowKey="id"
      columns={columns}
      dataSource={page?.records ?? []}
      loading={loading}
      onChange={table.onChange}
      scroll={{ x: 'max-content' }}
      rowSelection={{ selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: (keys) => onSelectedChange(keys.map(String)) }}
      pagination={table.pagination}
      locale={{ emptyText: t('table.empty') }}
    />
  );
}
