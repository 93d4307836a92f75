import { UserStatus, type UserRecord } from '@cellsight/contract';
import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserPermissions } from '../lib/use-user-permissions';

interface UserRowActionsProps {
  user: UserRecord;
  can: UserPermissions;
  onEdit: (user: UserRecord) => void;
  onFreeze: (user: UserRecord, frozen: boolean) => Promise<void>;
  onDelete: (user: UserRecord) => Promise<void>;
  onResetPassword: (user: UserRecord) => void;
}

/** The actions of one table row; each hidden without its permission. */
export function UserRowActions({ user, can, onEdit, onFreeze, onDelete, onResetPassword }: UserRowActionsProps) {
  const { t } = useTranslation('users');
  const frozen = user.status === UserStatus.Frozen;
  return (
    <Space size={0} wrap>
      {can.edit && (
        <Button type="link" size="small" onClick={() => onEdit(user)}>
          {t('actions.edit')}
        </Button>
      )}
      {can.freeze && (
        <Popconfirm
          title={frozen ? t('confirm.unfreeze', { count: 1 }) : t('confirm.freeze', { count: 1 })}
          okText={t('actions.ok')}
          cancelText={t('actions.cancel')}
          onConfirm={() => onFreeze(user, !frozen)}
        >
          <Button type="link" size="small">
            {frozen ? t('actions.unfreeze') : t('actions.freeze')}
          </Button>
        </Popconfirm>
      )}
      {can.resetPassword && (
        <Button type="link" size="small" onClick={() => onResetPassword(user)}>
          {t('actions.resetPassword')}
        </Button>
      )}
      {can.remove && (
        <Popconfirm
          title={t('confirm.delete', { count: 1 })}
          okText={t('actions.ok')}
          cancelText={t('actions.cancel')}
          onConfirm={() => onDelete(user)}
        >
          <Button type="link" size="small" danger>
            {t('actions.delete')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
