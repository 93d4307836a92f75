import { UserStatus, type UserRecord, exportRowsMax } from '@cellsight/contract';
import { App, Card } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteUsers } from '../api/delete-batch';
import { useDeleteUser } from '../api/delete-user';
import { useExportUsers } from '../api/export-users';
import { useFrozenBatch } from '../api/frozen-batch';
import { useUserList } from '../api/get-user-list';
import { RecycleBinModal } from '../components/recycle-bin-modal';
import { ResetPasswordModal } from '../components/reset-password-modal';
import { UserFormModal } from '../components/user-form-modal';
import { UserSearchBar } from '../components/user-search-bar';
import { UserTable } from '../components/user-table';
import { UserToolbar } from '../components/user-toolbar';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { useServerFeedback } from '@/lib/server-feedback';
import { useUserPermissions } from '../lib/use-user-permissions';
import { toUserListQuery, userListConfig } from '../lib/user-list-query';
import { useListState } from '@/lib/list-state';

/** A modal that is mounted while `target` is set and animates out before it is dropped. */
interface ModalSlot<T> {
  target: T;
  open: boolean;
}

/** System administration: the Users screen (spec section 9 list contract, section 6 permissions). */
export default function UserListPage() {
  const { t } = useTranslation('users');
  const can = useUserPermissions();
  const feedback = useServerFeedback();
  const { message } = App.useApp();
  const { state, setPage, setSort, search, reset: resetSearch } = useListState(userListConfig);
  const [selected, setSelected] = useState<string[]>([]);
  const [form, setForm] = useState<ModalSlot<UserRecord | null> | null>(null);
  const [resetPassword, setResetPassword] = useState<ModalSlot<UserRecord> | null>(null);
  const [recycleBinOpen, setRecycleBinOpen] = useState(false);

  const list = useUserList(toUserListQuery(state));
  const frozenBatch = useFrozenBatch();
  const deleteUser = useDeleteUser();
  const deleteUsers = useDeleteUsers();
  const exportUsers = useExportUsers();

  // After the last rows of the last page were deleted or filtered away, step back to a page with rows.
  const lastPage = list.data ? Math.max(1, Math.ceil(list.data.total / state.pageSize)) : 1;
  useEffect(() => {
    if (list.data && list.data.records.length === 0 && state.pageNo > lastPage) setPage(lastPage, state.pageSize);
  }, [list.data, state.pageNo, state.pageSize, lastPage, setPage]);

  const freeze = async (ids: string[], frozen: boolean) => {
    try {
      const envelope = await frozenBatch.mutateAsync({ ids, status: frozen ? UserStatus.Frozen : UserStatus.Normal });
      feedback.success(envelope, frozen ? t('messages.frozen') : t('messages.unfrozen'));
    } catch (error) {
      feedback.error(error);
    }
  };

  const remove = async (ids: string[]) => {
    try {
      const [single] = ids;
      const envelope = ids.length === 1 && single !== undefined ? await deleteUser.mutateAsync(single) : await deleteUsers.mutateAsync(ids);
      feedback.success(envelope, t('messages.deleted'));
      setSelected((current) => current.filter((id) => !ids.includes(id)));
    } catch (error) {
      feedback.error(error);
    }
  };

  const exportSheet = async (format: 'xlsx' | 'csv') => {
    // The server refuses it too; saying so here is faster and in the user's language.
    if (selected.length === 0 && (list.data?.total ?? 0) > exportRowsMax) {
      void message.warning(t('messages.exportTooLarge', { max: exportRowsMax }));
      return;
    }
    try {
      await exportUsers.mutateAsync({ query: toUserListQuery(state), selections: selected, format });
    } catch (error) {
      feedback.error(error);
    }
  };

  return (
    <Card title={t('page.title')}>
      <div style={{ marginBottom: 16 }}>
        <UserSearchBar filters={state.filters} onSearch={search} onReset={resetSearch} />
      </div>
      <UserToolbar
        can={can}
        selectedCount={selected.length}
        onAdd={() => setForm({ target: null, open: true })}
        onOpenRecycleBin={() => setRecycleBinOpen(true)}
        onExport={exportSheet}
        exporting={exportUsers.isPending}
        onFreezeSelected={(frozen) => freeze(selected, frozen)}
        onDeleteSelected={() => remove(selected)}
        onClearSelection={() => setSelected([])}
      />
      {list.isError && <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} style={{ marginBottom: 16 }} />}
      <UserTable
        page={list.data}
        loading={list.isFetching}
        state={state}
        onPageChange={setPage}
        onSortChange={setSort}
        selected={selected}
        onSelectedChange={setSelected}
        can={can}
        onEdit={(user) => setForm({ target: user, open: true })}
        onFreeze={(user, frozen) => freeze([user.id], frozen)}
        onDelete={(user) => remove([user.id])}
        onResetPassword={(user) => setResetPassword({ target: user, open: true })}
      />
      {form && (
        <UserFormModal
          key={form.target?.id ?? 'new'}
          open={form.open}
          user={form.target}
          onClose={() => setForm((slot) => slot && { ...slot, open: false })}
          afterClose={() => setForm(null)}
        />
      )}
      {resetPassword && (
        <ResetPasswordModal
          key={resetPassword.target.id}
          open={resetPassword.open}
          username={resetPassword.target.username}
          onClose={() => setResetPassword((slot) => slot && { ...slot, open: false })}
          afterClose={() => setResetPassword(null)}
        />
      )}
      <RecycleBinModal open={recycleBinOpen} onClose={() => setRecycleBinOpen(false)} />
    </Card>
  );
}
