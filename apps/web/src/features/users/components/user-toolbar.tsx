import { DeleteOutlined, DownOutlined, DownloadOutlined, LockOutlined, PlusOutlined, RestOutlined, UnlockOutlined } from '@ant-design/icons';
import { Button, Dropdown, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserPermissions } from '../lib/use-user-permissions';

interface UserToolbarProps {
  can: UserPermissions;
  selectedCount: number;
  onAdd: () => void;
  onOpenRecycleBin: () => void;
  /** Excel by default; the button's menu offers CSV. */
  onExport: (format: 'xlsx' | 'csv') => Promise<void>;
  exporting: boolean;
  onFreezeSelected: (frozen: boolean) => Promise<void>;
  onDeleteSelected: () => Promise<void>;
  onClearSelection: () => void;
}

/** Add, recycle-bin and export buttons; batch actions appear only while rows are selected. */
export function UserToolbar({ can, selectedCount, onAdd, onOpenRecycleBin, onExport, exporting, onFreezeSelected, onDeleteSelected, onClearSelection }: UserToolbarProps) {
  const { t } = useTranslation('users');
  const confirmProps = { okText: t('actions.ok'), cancelText: t('actions.cancel') };
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      {can.add && (
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
          {t('toolbar.add')}
        </Button>
      )}
      {can.recycleBin && (
        <Button icon={<RestOutlined />} onClick={onOpenRecycleBin}>
          {t('toolbar.recycleBin')}
        </Button>
      )}
      {can.export && (
        <Space.Compact>
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void onExport('xlsx')}>
            {selectedCount > 0 ? t('toolbar.exportSelected') : t('toolbar.export')}
          </Button>
          <Dropdown menu={{ items: [{ key: 'csv', label: t('toolbar.exportCsv'), onClick: () => void onExport('csv') }] }} disabled={exporting}>
            <Button icon={<DownOutlined />} aria-label={t('toolbar.exportFormats')} />
          </Dropdown>
        </Space.Compact>
      )}
      {selectedCount > 0 && (
        <>
          {can.freeze && (
            <Popconfirm title={t('confirm.freeze', { count: selectedCount })} {...confirmProps} onConfirm={() => onFreezeSelected(true)}>
              <Button icon={<LockOutlined />}>{t('toolbar.freezeSelected')}</Button>
            </Popconfirm>
          )}
          {can.freeze && (
            <Popconfirm title={t('confirm.unfreeze', { count: selectedCount })} {...confirmProps} onConfirm={() => onFreezeSelected(false)}>
              <Button icon={<UnlockOutlined />}>{t('toolbar.unfreezeSelected')}</Button>
            </Popconfirm>
          )}
          {can.remove && (
            <Popconfirm title={t('confirm.delete', { count: selectedCount })} {...confirmProps} onConfirm={onDeleteSelected}>
              <Button danger icon={<DeleteOutlined />}>
                {t('toolbar.deleteSelected')}
              </Button>
            </Popconfirm>
          )}
          <span aria-live="polite">{t('toolbar.selected', { count: selectedCount })}</span>
          <Button type="link" onClick={onClearSelection}>
            {t('toolbar.clearSelection')}
          </Button>
        </>
      )}
    </Space>
  );
}
