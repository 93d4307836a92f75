import { DeleteOutlined, UndoOutlined } from '@ant-design/icons';
import type { UserRecord } from '@cellsight/contract';
import { Alert, Button, Modal, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePurgeUsers } from '../api/delete-recycle-bin';
import { useRecycleBin } from '../api/get-recycle-bin';
import { useRestoreUsers } from '../api/restore-recycle-bin';
import { useServerFeedback } from '@/lib/server-feedback';
import { UserAvatar } from './user-avatar';

interface RecycleBinModalProps {
  open: boolean;
  onClose: () => void;
}

/** Deleted users: restore them, or delete them for good. */
export function RecycleBinModal({ open, onClose }: RecycleBinModalProps) {
  const { t } = useTranslation('users');
  const feedback = useServerFeedback();
  const recycleBin = useRecycleBin(open);
  const restore = useRestoreUsers();
  const purge = usePurgeUsers();
  const [selected, setSelected] = useState<string[]>([]);

  const run = async (action: 'restore' | 'purge', ids: string[]) => {
    try {
      const envelope = action === 'restore' ? await restore.mutateAsync(ids) : await purge.mutateAsync(ids);
      feedback.success(envelope, action === 'restore' ? t('messages.restored') : t('messages.purged'));
      setSelected((current) => current.filter((id) => !ids.includes(id)));
    } catch (error) {
      feedback.error(error);
    }
  };

  const columns: TableColumnsType<UserRecord> = [
    { title: t('fields.username'), dataIndex: 'username', key: 'username' },
    { title: t('fields.realname'), dataIndex: 'realname', key: 'realname' },
    { title: t('fields.avatar'), dataIndex: 'avatar', key: 'avatar', render: (_value, record) => <UserAvatar path={record.avatar} name={record.username} /> },
    { title: t('fields.sex'), dataIndex: 'sex_dictText', key: 'sex' },
    { title: t('fields.phone'), dataIndex: 'phone', key: 'phone' },
    {
      title: t('columns.actions'),
      key: 'actions',
      render: (_value, record) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => void run('restore', [record.id])}>
            {t('recycleBin.restore')}
          </Button>
          <Popconfirm
            title={t('recycleBin.purgeConfirm', { count: 1 })}
            okText={t('common:ok')}
            cancelText={t('common:cancel')}
            onConfirm={() => run('purge', [record.id])}
          >
            <Button type="link" size="small" danger>
              {t('recycleBin.purge')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Modal open={open} title={t('recycleBin.title')} width={1000} onCancel={onClose} footer={null} destroyOnHidden>
      {recycleBin.isError && <Alert type="warning" showIcon title={feedback.errorText(recycleBin.error)} style={{ marginBottom: 12 }} />}
      {selected.length > 0 && (
        <Space style={{ marginBottom: 12 }} wrap>
          <span>{t('toolbar.selected', { count: selected.length })}</span>
          <Button icon={<UndoOutlined />} onClick={() => void run('restore', selected)}>
            {t('recycleBin.restoreSelected')}
          </Button>
          <Popconfirm
            title={t('recycleBin.purgeConfirm', { count: selected.length })}
            okText={t('common:ok')}
            cancelText={t('common:cancel')}
            onConfirm={() => run('purge', selected)}
          >
            <Button danger icon={<DeleteOutlined />}>
              {t('recycleBin.purgeSelected')}
            </Button>
          </Popconfirm>
        </Space>
      )}
      <Table<UserRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={recycleBin.data ?? []}
        loading={recycleBin.isFetching || restore.isPending || purge.isPending}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        locale={{ emptyText: t('recycleBin.empty') }}
        scroll={{ x: 'max-content' }}
      />
    </Modal>
  );
}
