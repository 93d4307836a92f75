import { loggerKeyRotationSchema } from '@cellsight/contract';
import { Alert, App, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { contractRule, sameAsRule } from '@/lib/contract-rules';
import { applyServerFieldErrors, useServerFeedback } from '@/lib/server-feedback';
import { useRotateLoggerKey } from '../api/rotate-logger-key';

interface RotateKeyValues {
  key: string;
  confirmKey: string;
}

interface RotateKeyDialogProps {
  gsn: string;
  open: boolean;
  onClose: () => void;
  afterClose?: () => void;
}

/** The server's words when the new key is the current one (it names the field `key`). */
const sameKeyMessage = 'must differ from the current key';

/**
 * An administrator gives a logger a new registration key (the device was replaced, or its key
 * leaked). The key is typed twice, since a typo would lock the logger out; the rule is the
 * contract's, the same as at registration.
 */
export function RotateKeyDialog({ gsn, open, onClose, afterClose }: RotateKeyDialogProps) {
  const { t } = useTranslation('loggers');
  const { message } = App.useApp();
  const [form] = Form.useForm<RotateKeyValues>();
  const feedback = useServerFeedback();
  const rotate = useRotateLoggerKey();

  const submit = async (values: RotateKeyValues) => {
    try {
      await rotate.mutateAsync({ gsn, key: values.key });
      void message.success(t('rotateKey.done', { gsn }));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.errors.some((e) => e.field === 'key' && e.message === sameKeyMessage)) {
        form.setFields([{ name: 'key', errors: [t('rotateKey.sameKey')] }]);
      } else if (!applyServerFieldErrors(form, error, ['key'])) feedback.error(error);
    }
  };

  return (
    <Modal
      open={open}
      title={t('rotateKey.title', { gsn })}
      width={480}
      onCancel={onClose}
      afterClose={afterClose}
      okText={t('rotateKey.submit')}
      cancelText={t('common:cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'rotate-logger-key', loading: rotate.isPending, danger: true }}
      mask={{ closable: false }}
    >
      <Alert type="warning" showIcon title={t('rotateKey.intro')} style={{ marginBottom: 16 }} />
      <Form form={form} name="rotate-logger-key" layout="vertical" onFinish={submit} disabled={rotate.isPending}>
        <Form.Item label={t('fields.gsn')}>
          <Typography.Text strong>{gsn}</Typography.Text>
        </Form.Item>
        <Form.Item name="key" label={t('rotateKey.newKey')} rules={[contractRule(loggerKeyRotationSchema.shape.key, t, 'loggerKey')]} validateFirst required>
          <Input.Password autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="confirmKey"
          label={t('rotateKey.confirmKey')}
          dependencies={['key']}
          rules={[{ required: true, message: t('rotateKey.confirmRequired') }, sameAsRule('key', t, t('rotateKey.mismatch'))]}
          validateFirst
        >
          <Input.Password autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The row action of the Loggers list: a link that opens the dialog for that logger. */
export function RotateKeyAction({ gsn }: { gsn: string }) {
  const { t } = useTranslation('loggers');
  const [dialog, setDialog] = useState<'closed' | 'open' | 'closing'>('closed');
  return (
    <>
      <Button type="link" size="small" onClick={() => setDialog('open')}>
        {t('rotateKey.action')}
      </Button>
      {dialog !== 'closed' && <RotateKeyDialog gsn={gsn} open={dialog === 'open'} onClose={() => setDialog('closing')} afterClose={() => setDialog('closed')} />}
    </>
  );
}
