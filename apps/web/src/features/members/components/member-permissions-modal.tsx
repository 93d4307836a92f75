import type { MemberRecord } from '@cellsight/contract';
import { Checkbox, Flex, Modal, Spin, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { useServerFeedback } from '@/lib/server-feedback';
import { useGrantMemberPermissions, useMemberPermissions } from '../api/members';

interface MemberPermissionsModalProps {
  member: MemberRecord;
  open: boolean;
  onClose: () => void;
  afterClose?: () => void;
}

/**
 * Grants a member buttons beyond their role, by checkbox (spec section 6): only those the user holds
 * itself can be ticked; what the role gives anyway shows ticked and fixed.
 */
export function MemberPermissionsModal({ member, open, onClose, afterClose }: MemberPermissionsModalProps) {
  const { t } = useTranslation('members');
  const feedback = useServerFeedback();
  const permissions = useMemberPermissions(member.id, open);
  const grant = useGrantMemberPermissions();
  const [granted, setGranted] = useState<string[]>([]);
  useEffect(() => {
    if (permissions.data) setGranted(permissions.data.filter((row) => row.granted).map((row) => row.id));
  }, [permissions.data]);

  const save = async () => {
    try {
      feedback.success(await grant.mutateAsync({ id: member.id, permissionIds: granted }), t('permissions.saved'));
      onClose();
    } catch (error) {
      feedback.error(error);
    }
  };

  return (
    <Modal
      open={open}
      title={t('permissions.title', { name: member.realname })}
      onCancel={onClose}
      afterClose={afterClose}
      onOk={() => void save()}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      okButtonProps={{ disabled: !permissions.isSuccess }}
      confirmLoading={grant.isPending}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {permissions.isError ? (
        <LoadErrorAlert error={permissions.error} onRetry={() => void permissions.refetch()} />
      ) : !permissions.data ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : (
        <Flex vertical gap="small">
          <Typography.Paragraph type="secondary">{t('permissions.hint')}</Typography.Paragraph>
          {permissions.data.map((row) => {
            const label = t(`permissions.codes.${row.code.replaceAll(':', '-')}`, { defaultValue: row.name });
            const checkbox = (
              <Checkbox
                checked={row.byRole || granted.includes(row.id)}
                // A role's button stays; one the user does not hold can only be taken away.
                disabled={row.byRole || (!row.grantable && !granted.includes(row.id)) || grant.isPending}
                onChange={(event) => setGranted((current) => (event.target.checked ? [...current, row.id] : current.filter((id) => id !== row.id)))}
              >
                {label} {row.byRole && <Tag>{t('permissions.byRole')}</Tag>}
              </Checkbox>
            );
            return row.grantable || row.byRole ? (
              <span key={row.id}>{checkbox}</span>
            ) : (
              <Tooltip key={row.id} title={t('permissions.notHeld')}>
                <span>{checkbox}</span>
              </Tooltip>
            );
          })}
        </Flex>
      )}
    </Modal>
  );
}
