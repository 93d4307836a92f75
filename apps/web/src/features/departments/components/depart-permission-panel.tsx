import { type DepartTreeNode, departRoleEndpoints } from '@cellsight/contract';
import { Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataRuleChoicePanel } from '@/components/data-rule-choice';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { PermissionGrantTree } from '@/components/permission-grant-tree';
import { api } from '@/lib/api-client';
import { useDepartGrants, usePermissionTree, useSaveDepartGrants } from '../api/depart-permissions';

/**
 * The menus and buttons a department holds (the most its department roles may be given) and, for a
 * clicked menu, the data rules it offers its roles. Mounted per department.
 */
export function DepartPermissionPanel({ depart }: { depart: DepartTreeNode }) {
  const { t } = useTranslation('data-rules');
  const tree = usePermissionTree();
  const grants = useDepartGrants(depart.id);
  const save = useSaveDepartGrants(depart.id);
  const failed = tree.isError ? tree : grants.isError ? grants : null;
  if (failed) return <LoadErrorAlert error={failed.error} onRetry={() => void failed.refetch()} />;
  if (!tree.data || !grants.data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  return (
    <>
      <Typography.Paragraph type="secondary">{t('depart.permissionsExplain')}</Typography.Paragraph>
      <PermissionGrantTree
        // A save reloads the grants: the tree starts again from them.
        key={grants.data.join(',')}
        treeList={tree.data.treeList}
        loaded={grants.data}
        save={(request) => save.mutateAsync(request)}
        saving={save.isPending}
        savedText={t('depart.permissionsSaved')}
        renderSelected={(permissionId, title, granted) => (
          <DataRuleChoicePanel
            key={permissionId}
            menuTitle={title}
            choiceKey={['depart', depart.id, permissionId]}
            load={() => api.call(departRoleEndpoints.departChoice, { params: { permissionId, departId: depart.id } })}
            save={(dataRuleIds) => api.call(departRoleEndpoints.saveDepartChoice, { body: { permissionId, departId: depart.id, dataRuleIds } })}
            granted={granted}
          />
        )}
      />
    </>
  );
}
