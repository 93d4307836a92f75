import { LockOutlined, RestOutlined, UnlockOutlined } from '@ant-design/icons';
import { Permission, type UserRecord, UserStatus, userResource } from '@cellsight/contract';
import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '@/kit/resource-page';
import { useHasPermission } from '@/lib/permissions';
import { useServerFeedback } from '@/lib/server-feedback';
import { useFrozenBatch } from '../api/frozen-batch';
import { RecycleBinModal } from '../components/recycle-bin-modal';
import { ResetPasswordModal } from '../components/reset-password-modal';
import { UserAvatar } from '../components/user-avatar';
import { userForm } from '../lib/user-form';

/** System administration: the Users screen, on the screen kit plus what only users have (freezing, passwords, recycle bin). */
export default function UserListPage() {
  const { t } = useTranslation('users');
  const feedback = useServerFeedback();
  const can = { freeze: useHasPermission(Permission.UserFreeze), resetPassword: useHasPermission(Permission.UserResetPassword), recycleBin: useHasPermission(Permission.UserRecycleBin) };
  const frozenBatch = useFrozenBatch();
  const [resetPassword, setResetPassword] = useState<{ user: UserRecord; open: boolean } | null>(null);
  const [recycleBinOpen, setRecycleBinOpen] = useState(false);
  const confirm = { okText: t('common:ok'), cancelText: t('common:cancel') };

  const freeze = async (ids: string[], frozen: boolean) => {
    try {
      const envelope = await frozenBatch.mutateAsync({ ids, status: frozen ? UserStatus.Frozen : UserStatus.Normal });
      feedback.success(envelope, frozen ? t('messages.frozen') : t('messages.unfrozen'));
    } catch (error) {
      feedback.error(error);
    }
  };

  return (
    <>
      <ResourcePage
        resource={userResource}
        columns={['username', 'realname', { field: 'avatar', render: (user) => <UserAvatar path={user.avatar} name={user.username} /> }, 'sex', 'phone', 'email', 'accountType', 'superiorName', 'status', 'createTime']}
        search={[{ field: 'username', rule: 'like' }, { field: 'realname', rule: 'like' }, { field: 'phone' }, { field: 'sex' }, { field: 'status' }]}
        form={userForm}
        rowActions={can.freeze || can.resetPassword ? (user) => {
          const frozen = user.status === UserStatus.Frozen;
          return (
            <>
              {can.freeze && (
                <Popconfirm title={t(frozen ? 'confirm.unfreeze' : 'confirm.freeze', { count: 1 })} {...confirm} onConfirm={() => freeze([user.id], !frozen)}>
                  <Button type="link" size="small">
                    {frozen ? t('actions.unfreeze') : t('actions.freeze')}
                  </Button>
                </Popconfirm>
              )}
              {can.resetPassword && (
                <Button type="link" size="small" onClick={() => setResetPassword({ user, open: true })}>
                  {t('actions.resetPassword')}
                </Button>
              )}
            </>
          );
        } : undefined}
        toolbar={({ selected }) => (
          <>
            {can.recycleBin && (
              <Button icon={<RestOutlined />} onClick={() => setRecycleBinOpen(true)}>
                {t('toolbar.recycleBin')}
              </Button>
            )}
            {can.freeze && selected.length > 0 && (
              <>
                <Popconfirm title={t('confirm.freeze', { count: selected.length })} {...confirm} onConfirm={() => freeze(selected, true)}>
                  <Button icon={<LockOutlined />}>{t('toolbar.freezeSelected')}</Button>
                </Popconfirm>
                <Popconfirm title={t('confirm.unfreeze', { count: selected.length })} {...confirm} onConfirm={() => freeze(selected, false)}>
                  <Button icon={<UnlockOutlined />}>{t('toolbar.unfreezeSelected')}</Button>
                </Popconfirm>
              </>
            )}
          </>
        )}
      />
      {resetPassword && (
        <ResetPasswordModal
          key={resetPassword.user.id}
          open={resetPassword.open}
          username={resetPassword.user.username}
          onClose={() => setResetPassword((slot) => slot && { ...slot, open: false })}
          afterClose={() => setResetPassword(null)}
        />
      )}
      <RecycleBinModal open={recycleBinOpen} onClose={() => setRecycleBinOpen(false)} />
    </>
  );
}
