import { type DepartTreeNode, Permission, departUserEndpoints } from '@cellsight/contract';
import { useTranslation } from 'react-i18next';
import { MembersPanel } from '@/components/members-panel';
import { useHasPermission } from '@/lib/permissions';
import { departUserCalls } from '../api/departments';

/** The users of one department; with the edit permission, added through the user-by-department picker. Mounted per department. */
export function DepartUsersPanel({ depart }: { depart: DepartTreeNode }) {
  const { t } = useTranslation('departments');
  const canEdit = useHasPermission(Permission.DepartEdit);
  return (
    <MembersPanel
      listUrl={departUserEndpoints.list.path}
      fixedQuery={{ depId: depart.id }}
      columns={['username', 'realname', 'sex', 'phone', 'status']}
      canEdit={canEdit}
      {...departUserCalls(depart.id)}
      picker="usersByDepartment"
      texts={{
        pickerTitle: t('users.pickerTitle', { name: depart.departName }),
        confirmRemove: (count) => t('users.confirmRemove', { count }),
        added: t('users.added'),
        removed: t('users.removed'),
        empty: t('users.empty'),
      }}
    />
  );
}
