import { CloudUploadOutlined } from '@ant-design/icons';
import type { LoggerRecord } from '@cellsight/contract';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoteUpgradeForm } from '@/components/device-commands';

/** A logger row's upgrade: the logger's own firmware from the library, its progress in a dialog. */
export function UpgradeLoggerAction({ logger }: { logger: LoggerRecord }) {
  const { t } = useTranslation('loggers');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" type="link" icon={<CloudUploadOutlined />} onClick={() => setOpen(true)}>
        {t('upgrade.button')}
      </Button>
      <Modal open={open} title={t('upgrade.title', { gsn: logger.gsn })} footer={null} onCancel={() => setOpen(false)} destroyOnHidden width={640}>
        <RemoteUpgradeForm target={{ gsno: logger.gsn, name: logger.gsn, currentVersion: logger.firmware }} />
      </Modal>
    </>
  );
}
