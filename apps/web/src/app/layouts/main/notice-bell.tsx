import { BellOutlined } from '@ant-design/icons';
import { type UserAnnouncement, userAnnouncementPath } from '@cellsight/contract';
import { Badge, Button, Empty, List, Popover, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AnnouncementDetailDialog, useMarkRead, useUnreadAnnouncements } from '@/components/announcement-detail';
import { formatDateTime } from '@/lib/format';

const priorityColors: Record<UserAnnouncement['priority'], string | undefined> = { L: undefined, M: 'orange', H: 'red' };

/**
 * The header bell (spec section 2): unread notices and system messages in two tabs with their
 * counts, and 'view more' to the user's announcements. Opening one marks it read and shows it.
 */
export function NoticeBell({ dark }: { dark?: boolean }) {
  const { t } = useTranslation('announcements');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const unread = useUnreadAnnouncements();
  const markRead = useMarkRead();
  const data = unread.data;
  const total = (data?.anntMsgTotal ?? 0) + (data?.sysMsgTotal ?? 0);

  const show = (item: UserAnnouncement) => {
    setOpen(false);
    setShown(item.id);
    markRead.mutate(item.id);
  };

  const list = (items: UserAnnouncement[] | undefined) =>
    items && items.length > 0 ? (
      <List
        size="small"
        dataSource={items}
        renderItem={(item) => (
          <List.Item key={item.id} style={{ cursor: 'pointer' }} onClick={() => show(item)}>
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

  const content = (
    <div style={{ width: 340 }}>
      <Tabs
        size="small"
        items={[
          { key: 'notice', label: t('bell.notices', { count: data?.anntMsgTotal ?? 0 }), children: list(data?.anntMsgList) },
          { key: 'system', label: t('bell.system', { count: data?.sysMsgTotal ?? 0 }), children: list(data?.sysMsgList) },
        ]}
      />
      <Button
        block
        type="link"
        onClick={() => {
          setOpen(false);
          void navigate(userAnnouncementPath);
        }}
      >
        {t('bell.viewMore')}
      </Button>
    </div>
  );

  return (
    <>
      <Popover content={content} trigger="click" open={open} onOpenChange={setOpen} placement="bottomRight" arrow={false}>
        <Button type="text" aria-label={t('bell.label', { count: total })} className={dark ? 'cs-header__dark-button' : undefined}>
          <Badge count={total} size="small" offset={[2, -2]}>
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        </Button>
      </Popover>
      <AnnouncementDetailDialog id={shown} onClose={() => setShown(null)} />
    </>
  );
}
