import { type OutboxRecord, type OutboxTestMail, outboxTestMailSchema } from '@cellsight/contract';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contractRule } from '@/lib/contract-rules';
import { applyServerFieldErrors, useServerFeedback } from '@/lib/server-feedback';
import { useSendTestMail } from '../api/send-test-mail';

/**
 * Sends a test message to an address, to check the mail settings, and says what became of it:
 * accepted by the SMTP server, kept in the outbox (no SMTP configured), or refused with its reason.
 */
export function TestMailDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('outbox');
  const feedback = useServerFeedback();
  const [form] = Form.useForm<OutboxTestMail>();
  const [outcome, setOutcome] = useState<OutboxRecord | null>(null);
  const send = useSendTestMail();

  const submit = async (values: OutboxTestMail) => {
    setOutcome(null);
    try {
      setOutcome(await send.mutateAsync(values));
    } catch (error) {
      if (!applyServerFieldErrors(form, error, ['to'])) feedback.error(error);
    }
  };

  return (
    <Modal
      open={open}
      title={t('test.title')}
      okText={t('test.send')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={send.isPending}
      afterClose={() => {
        form.resetFields();
        setOutcome(null);
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="test-mail" onFinish={(values) => void submit(values)}>
        <Form.Item name="to" label={t('test.to')} rules={[contractRule(outboxTestMailSchema.shape.to, t, 'to')]} extra={t('test.hint')}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
      </Form>
      {outcome?.status === 'sent' && <Alert type="success" showIcon title={t('test.sent', { to: outcome.recipient })} />}
      {outcome?.status === 'kept' && <Alert type="info" showIcon title={t('test.kept')} />}
      {outcome?.status === 'failed' && <Alert type="error" showIcon title={t('test.failed')} description={outcome.error} />}
    </Modal>
  );
}
