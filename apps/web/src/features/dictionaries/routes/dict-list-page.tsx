import { ReloadOutlined } from '@ant-design/icons';
import { type DictRecord, Permission, dictResource } from '@cellsight/contract';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '@/kit/resource-page';
import { useHasPermission } from '@/lib/permissions';
import { useServerFeedback } from '@/lib/server-feedback';
import { useRefreshDictCache } from '../api/refresh-dict-cache';
import { DictItemsDrawer } from '../components/dict-items-drawer';

/** System administration: dictionaries and, in a drawer, their items (spec section 2 "dictionaries"). */
export default function DictListPage() {
  const { t } = useTranslation('dictionaries');
  const { message } = App.useApp();
  const feedback = useServerFeedback();
  const canRefresh = useHasPermission(Permission.DictRefreshCache);
  const refresh = useRefreshDictCache();
  const [opened, setOpened] = useState<DictRecord | null>(null);

  const refreshCache = async () => {
    try {
      await refresh.mutateAsync();
      void message.success(t('cacheRefreshed'));
    } catch (error) {
      feedback.error(error);
    }
  };

  return (
    <>
      <ResourcePage
        resource={dictResource}
        columns={['dictName', 'dictCode', 'description', 'createTime']}
        search={[{ field: 'dictName', rule: 'like' }, { field: 'dictCode', rule: 'like' }]}
        form={{ fields: ['dictName', 'dictCode', 'description'] }}
        rowActions={(record) => (
          <Button type="link" size="small" onClick={() => setOpened(record)}>
            {t('items.action')}
          </Button>
        )}
        toolbar={
          canRefresh && (
            <Button icon={<ReloadOutlined />} loading={refresh.isPending} onClick={() => void refreshCache()}>
              {t('refreshCache')}
            </Button>
          )
        }
      />
      <DictItemsDrawer dictionary={opened} onClose={() => setOpened(null)} />
    </>
  );
}
