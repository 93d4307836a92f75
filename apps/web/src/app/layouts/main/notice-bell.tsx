import { BellOutlined } from '@ant-design/icons';
import { type UserAnnouncement, userAnnouncementPath } from '@cellsight/contract';
import { Badge, Button, Popover, Spin } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AnnouncementDetailDialog, useMarkRead, useUnreadAnnouncements } from '@/components/announcement-detail';
import { onDemand } from '@/lib/on-demand';

// The popover's lists and tabs load when it is first opened, or when the pointer or focus reaches the bell.
const noticeList = onDemand(() => import('./notice-list'));

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

  const content = (
    <Suspense fallback={<Spin style={{ display: 'block', width: 340, margin: '24px 0' }} />}>
      <noticeList.Component
        data={data}
        onShow={show}
        onViewMore={() => {
          setOpen(false);
          void navigate(userAnnouncementPath);
        }}
      />
    </Suspense>
  );

  return (
    <>
      <Popover content={content} trigger="click" open={open} onOpenChange={setOpen} placement="bottomRight" arrow={false}>
        <Button type="text" aria-label={t('bell.label', { count: total })} className={dark ? 'cs-header__dark-button' : undefined} onPointerEnter={noticeList.preload} onFocus={noticeList.preload}>
          <Badge count={total} size="small" offset={[2, -2]}>
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        </Button>
      </Popover>
      <AnnouncementDetailDialog id={shown} onClose={() => setShown(null)} />
    </>
  );
}
