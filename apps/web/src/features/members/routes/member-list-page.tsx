import { type MemberRecord, Permission, memberResource } from '@cellsight/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '@/kit/resource-page';
import { useHasPermission } from '@/lib/permissions';
import { useUserInfo } from '@/lib/use-session';
import { MemberPermissionsModal } from '../components/member-permissions-modal';
import { MemberSuperiorSelect } from '../components/member-selects';
import { MoveMemberModal } from '../components/move-member-modal';
import { memberForm } from '../lib/member-form';

type Dialog = { kind: 'move' | 'permissions'; member: MemberRecord; open: boolean };

/**
 * Members (CRM, `/member/index`): the installers and end users below the user (everyone of the
 * tenant for an administrator), on the screen kit, with moving them and granting them buttons.
 */
export default function MemberListPage() {
  const { t } = useTranslation('members');
  // A demo account may look but not change (spec section 6).
  const writes = !(useUserInfo()?.demo ?? false);
  const can = { move: useHasPermission(Permission.MemberMove) && writes, grant: useHasPermission(Permission.MemberGrant) && writes };
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog((current) => current && { ...current, open: false });

  return (
    <>
      <ResourcePage
        resource={memberResource}
        columns={['username', 'realname', 'company', 'accountType', 'superiorName', 'phone', 'email', 'status', 'createTime']}
        search={[{ field: 'username', rule: 'like' }, { field: 'realname', rule: 'like' }, { field: 'company', rule: 'like' }, { field: 'accountType' }, { field: 'superiorId' }]}
        searchInputs={{ superiorId: <MemberSuperiorSelect accountType="any" /> }}
        form={memberForm}
        rowActions={
          can.move || can.grant
            ? (member) => (
                <>
                  {can.move && (
                    <Button type="link" size="small" onClick={() => setDialog({ kind: 'move', member, open: true })}>
                      {t('actions.move')}
                    </Button>
                  )}
                  {can.grant && (
                    <Button type="link" size="small" onClick={() => setDialog({ kind: 'permissions', member, open: true })}>
                      {t('actions.permissions')}
                    </Button>
                  )}
                </>
              )
            : undefined
        }
      />
      {dialog?.kind === 'move' && <MoveMemberModal key={dialog.member.id} member={dialog.member} open={dialog.open} onClose={close} afterClose={() => setDialog(null)} />}
      {dialog?.kind === 'permissions' && <MemberPermissionsModal key={dialog.member.id} member={dialog.member} open={dialog.open} onClose={close} afterClose={() => setDialog(null)} />}
    </>
  );
}
