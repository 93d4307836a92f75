import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import { type Envelope, type Page, type UserRecord, userResource } from '@cellsight/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Popconfirm, Space, Table, type TableColumnType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { DepartUserPickerModal } from '@/components/pickers/depart-user-picker-modal';
import { UserPickerModal, useUserColumns, userListConfig } from '@/components/pickers/user-picker-modal';
import { resourceKeys, useFieldLabel } from '@/kit/resource-page';
import { SearchForm } from '@/kit/search-form';
import { api } from '@/lib/api-client';
import { type SearchField, toListQuery, useListState } from '@/kit/list-state';
import { serverTable } from '@/kit/server-table';
import { useServerFeedback } from '@/lib/server-feedback';

/** Where new members are chosen: the Users list, or the users of a department. */
export type MembersPicker = 'users' | 'usersByDepartment';

export interface MembersPanelProps {
  /** The members' list call (the list contract), e.g. `/sys/user/userRoleList`. */
  listUrl: string;
  /** What every list call carries besides page, sort and search: `{ roleId }`, `{ depId }`. */
  fixedQuery: Record<string, string>;
  /** The user fields shown, in order. */
  columns: readonly string[];
  /** Adding and removing are offered (the caller checks the permission). */
  canEdit: boolean;
  add: (userIds: string[]) => Promise<Envelope<unknown>>;
  remove: (userIds: string[]) => Promise<Envelope<unknown>>;
  picker: MembersPicker;
  /** What this membership is called: the picker's title, the removal question, the toasts' fallbacks and the empty list. */
  texts: { pickerTitle: string; confirmRemove: (count: number) => string; added: string; removed: string; empty?: string };
}

const search: readonly SearchField[] = [{ field: 'username', rule: 'like' }];
const listConfig = userListConfig(['username']);

/**
 * The users of a role or a department: searchable by user name, paged and sorted by the server.
 * With `canEdit`, users are added through a picker and taken out after a confirmation (one row or
 * the selected rows). Kept under the users' query key, so any change to users refreshes it.
 */
export function MembersPanel({ listUrl, fixedQuery, columns: fields, canEdit, add: addCall, remove: removeCall, picker, texts }: MembersPanelProps) {
  const { t } = useTranslation();
  const feedback = useServerFeedback();
  const label = useFieldLabel(userResource);
  const queryClient = useQueryClient();
  const [searchForm] = Form.useForm<Partial<Record<string, string>>>();
  const { state, setPage, setSort, search: applySearch, reset } = useListState(listConfig, { inUrl: false });
  const query = toListQuery(state, search);
  const list = useQuery({
    queryKey: [...resourceKeys.all(userResource), 'members', listUrl, fixedQuery, query],
    queryFn: async () => (await api.get<Page<UserRecord>>(listUrl, { ...query, ...fixedQuery })).result,
    placeholderData: keepPreviousData,
  });
  // The member lists, the Users screen (its role names) and the pickers all sit under the users' key.
  const refresh = () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(userResource) });
  const add = useMutation({ mutationFn: addCall, onSuccess: refresh });
  const remove = useMutation({ mutationFn: removeCall, onSuccess: refresh });
  const [selected, setSelected] = useState<string[]>([]);
  const [picking, setPicking] = useState(false);

  const addUsers = async (userIds: string[]) => {
    try {
      feedback.success(await add.mutateAsync(userIds), texts.added);
      setPicking(false);
    } catch (error) {
      feedback.error(error);
    }
  };
  const removeUsers = async (userIds: string[]) => {
    try {
      feedback.success(await remove.mutateAsync(userIds), texts.removed);
      setSelected((current) => current.filter((id) => !userIds.includes(id)));
    } catch (error) {
      feedback.error(error);
    }
  };

  const table = serverTable<UserRecord, string>({ state, setPage, setSort }, { sortable: listConfig.sortable, total: list.data?.total ?? 0 });
  const actions: TableColumnType<UserRecord> = {
    key: 'actions',
    title: t('resource.actions'),
    fixed: 'end',
    render: (_value: unknown, user: UserRecord) => (
      <Popconfirm title={texts.confirmRemove(1)} okText={t('ok')} cancelText={t('cancel')} onConfirm={() => removeUsers([user.id])}>
        <Button type="link" size="small" danger>
          {t('members.remove')}
        </Button>
      </Popconfirm>
    ),
  };
  const columns = [...useUserColumns(fields, state.sort), ...(canEdit ? [actions] : [])];
  const pickerProps = { open: picking, title: texts.pickerTitle, confirmLoading: add.isPending, onCancel: () => setPicking(false) };

  return (
    <>
      <SearchForm form={searchForm} name="members-search" label={t('search')} values={state.filters.username ? { username: state.filters.username } : {}} onSearch={applySearch} onReset={reset}>
        <Form.Item name="username" label={label('username')}>
          <Input allowClear autoComplete="off" />
        </Form.Item>
      </SearchForm>
      {canEdit && (
        <Space wrap style={{ marginTop: 16 }}>
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setPicking(true)}>
            {t('members.add')}
          </Button>
          {selected.length > 0 && (
            <>
              <Popconfirm title={texts.confirmRemove(selected.length)} okText={t('ok')} cancelText={t('cancel')} onConfirm={() => removeUsers(selected)}>
                <Button danger icon={<DeleteOutlined />}>
                  {t('members.removeSelected')}
                </Button>
              </Popconfirm>
              <span aria-live="polite">{t('resource.selected', { count: selected.length })}</span>
            </>
          )}
        </Space>
      )}
      {list.isError && <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} style={{ marginTop: 16 }} />}
      <Table<UserRecord>
        rowKey="id"
        size="middle"
        style={{ marginTop: 16 }}
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching || remove.isPending}
        onChange={table.onChange}
        pagination={table.pagination}
        rowSelection={canEdit ? { selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: (keys) => setSelected(keys.map(String)) } : undefined}
        locale={{ emptyText: texts.empty ?? t('resource.empty') }}
        scroll={{ x: 'max-content' }}
      />
      {picker === 'users' ? (
        <UserPickerModal {...pickerProps} onPick={(userIds) => void addUsers(userIds)} />
      ) : (
        <DepartUserPickerModal {...pickerProps} onOk={(users) => void addUsers(users.map((user) => user.id))} />
      )}
    </>
  );
}
