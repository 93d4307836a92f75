import type { ListByUser, UserAnnouncement } from '@cellsight/contract';
import { Button, Empty, List, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';

const priorityColors: Record<UserAnnouncement['priority'], string | undefined> = { L: undefined, M: 'orange', H: 'red' };

/** The bell's popover (`notice-bell.tsx` loads it when first opened): unread notices and system messages in two tabs. */
export default function NoticeList({ data, onShow, onViewMore }: { data: ListByUser | undefined; onShow: (item: UserAnnouncement) => void; onViewMore: () => void }) {
  const { t } = useTranslation('announcements');
  const list = (items: UserAnnouncement[] | undefined) =>
    items && items.length > 0 ? (
      <List
        size="small"
        dataSource={items}
        renderItem={(item) => (
          <List.Item key={item.id} style={{ cursor: 'pointer' }} onClick={() => onShow(item)}>
            <List.Item.Meta
              title={
                <span>
                  {item.priority !== 'L' && <Tag color={priorityColors[item.priority]}>{t(`priority.${item.priority}`)}</Tag>}
                  <Typography.Link>{item.titile}</Typography.Link>
                </span>
              }
              description={`${item.sender ?? t('detail.system')} · ${formatDateTime(item.sendTime)}`}
            />
          </List.Item>
        )}
      />
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bell.empty')} />
    );

  return (
    <div style={{ width: 340 }}>
      <Tabs
        size="small"
        items={[
          { key: 'notice', label: t('bell.notices', { count: data?.anntMsgTotal ?? 0 }), children: list(data?.anntMsgList) },
          { key: 'system', label: t('bell.system', { count: data?.sysMsgTotal ?? 0 }), children: list(data?.sysMsgList) },
        ]}
      />
      <Button block type="link" onClick={onViewMore}>
        {t('bell.viewMore')}
      </Button>
    </div>
  );
}
