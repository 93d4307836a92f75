import { type UserAnnouncement } from '@cellsight/contract';
import { App, Badge, Button, Card, Flex, Input, Segmented, Select, Table, type TableColumnType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnnouncementDetailDialog, useMarkRead } from '@/components/announcement-detail';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { formatDateTime } from '@/lib/format';
import { useServerFeedback } from '@/lib/server-feedback';
import { useMyAnnouncements, useReadAll } from '../api/my-announcements';

type ReadFilter = '' | '0' | '1';

/**
 * /isps/userAnnouncement: every announcement and system message the user received, newest first,
 * with whether they read it; opening one marks it read and shows it; everything can be marked read.
 */
export default function UserAnnouncementPage() {
  const { t } = useTranslation('announcements');
  const { message } = App.useApp();
  const feedback = useServerFeedback();
  const [readFlag, setReadFlag] = useState<ReadFilter>('');
  const [msgCategory, setMsgCategory] = useState<'' | '1' | '2'>('');
  const [titile, setTitile] = useState('');
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [shown, setShown] = useState<string | null>(null);
  const list = useMyAnnouncements({ ...page, readFlag, msgCategory, ...(titile ? { titile } : {}) });
  const markRead = useMarkRead();
  const readAll = useReadAll();

  const open = (item: UserAnnouncement) => {
    setShown(item.id);
    if (item.readFlag === '0') markRead.mutate(item.id);
  };

  const columns: TableColumnType<UserAnnouncement>[] = [
    {
      key: 'titile',
      title: t('mine.titile'),
      render: (_value, item) => (
        <Typography.Link strong={item.readFlag === '0'} onClick={() => open(item)}>
          {item.titile}
        </Typography.Link>
      ),
    },
    { key: 'msgCategory', title: t('mine.category'), render: (_value, item) => t(`category.${item.msgCategory}`) },
    { key: 'priority', title: t('mine.priority'), render: (_value, item) => <Tag color={item.priority === 'H' ? 'red' : item.priority === 'M' ? 'orange' : undefined}>{t(`priority.${item.priority}`)}</Tag> },
    { key: 'sender', title: t('mine.sender'), render: (_value, item) => item.sender ?? t('detail.system') },
    { key: 'sendTime', title: t('mine.sendTime'), render: (_value, item) => formatDateTime(item.sendTime) },
    {
      key: 'readFlag',
      title: t('mine.readFlag'),
      render: (_value, item) => (item.readFlag === '1' ? <Badge status="default" text={t('mine.read')} /> : <Badge status="processing" text={t('mine.unread')} />),
    },
  ];

  const markAll = async () => {
    try {
      const count = await readAll.mutateAsync();
      void message.success(t('mine.readAllDone', { count }));
    } catch (error) {
      feedback.error(error);
    }
  };

  return (
    <Card title={t('mine.title')}>
      <Flex wrap gap="middle" align="center" style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          aria-label={t('mine.search')}
          placeholder={t('mine.titile')}
          style={{ width: 240 }}
          onSearch={(value) => {
            setTitile(value.trim());
            setPage((current) => ({ ...current, pageNo: 1 }));
          }}
        />
        <Segmented<ReadFilter>
          aria-label={t('mine.readFlag')}
          value={readFlag}
          onChange={(value) => {
            setReadFlag(value);
            setPage((current) => ({ ...current, pageNo: 1 }));
          }}
          options={[
            { value: '', label: t('mine.all') },
            { value: '0', label: t('mine.unread') },
            { value: '1', label: t('mine.read') },
          ]}
        />
        <Select
          aria-label={t('mine.category')}
          style={{ minWidth: 160 }}
          value={msgCategory}
          onChange={(value) => {
            setMsgCategory(value);
            setPage((current) => ({ ...current, pageNo: 1 }));
          }}
          options={[
            { value: '', label: t('mine.all') },
            { value: '1', label: t('category.1') },
            { value: '2', label: t('category.2') },
          ]}
        />
        <Button onClick={() => void markAll()} loading={readAll.isPending}>
          {t('mine.readAll')}
        </Button>
      </Flex>
      {list.isError && <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} style={{ marginBottom: 16 }} />}
      <Table<UserAnnouncement>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        locale={{ emptyText: t('mine.empty') }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showQuickJumper: true,
          pageSizeOptions: [10, 20, 30],
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
      />
      <AnnouncementDetailDialog id={shown} onClose={() => setShown(null)} />
    </Card>
  );
}
