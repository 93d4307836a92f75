import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Descriptions, Modal, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { formatDateTime } from '@/lib/format';
import { useAnnouncement } from './announcement-api';

export interface AnnouncementDetailDialogProps {
  /** The announcement to show; null closes the dialog. */
  id: string | null;
  onClose: () => void;
}

/** An address the 'go handle' button may open: a console path, or an http(s) address (in a new window). */
const isWebAddress = (page: string) => /^https?:\/\//i.test(page);

/**
 * The announcement detail (spec section 2): title, sender, send time and the message's HTML (kept
 * to the allow-list by the server); 'go handle' only when it opens a page (openType url). 60% wide,
 * or the whole window in full screen; the body is 80% of the window's height. Loaded on demand
 * (`announcement-detail-dialog.tsx`).
 */
export default function AnnouncementDetailView({ id, onClose }: AnnouncementDetailDialogProps) {
  const { t } = useTranslation('announcements');
  const navigate = useNavigate();
  const [fullscreen, setFullscreen] = useState(false);
  const announcement = useAnnouncement(id);
  const record = announcement.data;

  const goHandle = () => {
    const page = record?.openPage;
    if (!page) return;
    onClose();
    if (isWebAddress(page)) window.open(page, '_blank', 'noopener,noreferrer');
    else void navigate(page);
  };

  return (
    <Modal
      open={id !== null}
      onCancel={onClose}
      width={fullscreen ? '100%' : '60%'}
      style={fullscreen ? { top: 0, paddingBottom: 0, maxWidth: '100vw' } : undefined}
      styles={{ body: { height: '80vh', overflowY: 'auto' } }}
      destroyOnHidden
      title={
        <span style={{ display: 'flex', alignItems: 'center', gap: 8, paddingRight: 32 }}>
          <span style={{ flex: 1 }}>{record?.titile ?? t('detail.title')}</span>
          <Button type="text" size="small" icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />} aria-label={fullscreen ? t('detail.exitFullscreen') : t('detail.fullscreen')} onClick={() => setFullscreen((value) => !value)} />
        </span>
      }
      footer={[
        record?.openType === 'url' && record.openPage ? (
          <Button key="handle" type="primary" onClick={goHandle}>
            {t('detail.goHandle')}
          </Button>
        ) : null,
        <Button key="close" onClick={onClose}>
          {t('detail.close')}
        </Button>,
      ]}
    >
      {announcement.isError ? (
        <LoadErrorAlert error={announcement.error} onRetry={() => void announcement.refetch()} />
      ) : !record ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('detail.sender')}>{record.sender ?? t('detail.system')}</Descriptions.Item>
            <Descriptions.Item label={t('detail.sendTime')}>{formatDateTime(record.sendTime)}</Descriptions.Item>
          </Descriptions>
          {/* The server keeps the message to its allow-list (no scripts, handlers or javascript: links). */}
          <Typography>
            <div className="cs-rich-text" data-testid="announcement-content" dangerouslySetInnerHTML={{ __html: record.msgContent }} />
          </Typography>
        </>
      )}
    </Modal>
  );
}
