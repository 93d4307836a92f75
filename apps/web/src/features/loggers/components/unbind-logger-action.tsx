import { DisconnectOutlined } from '@ant-design/icons';
import { App, Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerFeedback } from '@/lib/server-feedback';
import { useUnbindLogger } from '../api/unbind-logger';

/**
 * A bound logger's row action: takes it off its station after a confirmation that names both.
 * The row shows it only with the permission and never to the demo account (the server refuses
 * them all the same).
 */
export function UnbindLoggerAction({ gsn, stationName }: { gsn: string; stationName: string }) {
  const { t } = useTranslation('loggers');
  const { message } = App.useApp();
  const feedback = useServerFeedback();
  const unbind = useUnbindLogger();
  const [open, setOpen] = useState(false);

  const confirm = async () => {
    try {
      await unbind.mutateAsync({ gsn });
      void message.success(t('unbind.done', { gsn, station: stationName }));
      setOpen(false);
    } catch (error) {
      feedback.error(error);
    }
  };

  return (
    <>
      <Button type="link" size="small" danger icon={<DisconnectOutlined />} aria-label={t('unbind.open', { gsn })} onClick={() => setOpen(true)}>
        {t('unbind.action')}
      </Button>
      <Modal
        open={open}
        title={t('unbind.title', { gsn, station: stationName })}
        width={480}
        okText={t('unbind.confirm')}
        cancelText={t('common:cancel')}
        okButtonProps={{ danger: true, loading: unbind.isPending }}
        onOk={() => void confirm()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('unbind.description')}</Typography.Paragraph>
      </Modal>
    </>
  );
}
