import { ackCommentMax, eventAcknowledgeSchema } from '@cellsight/contract';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { contractRule } from '@/lib/contract-rules';
import { applyServerFieldErrors, useServerFeedback } from '@/lib/server-feedback';
import { useAcknowledgeEvents } from '../api/acknowledge-events';

interface AcknowledgeDialogProps {
  /** The events to acknowledge (one row, or the selection). */
  ids: string[];
  open: boolean;
  onClose: () => void;
  /** After the server took it (the selection is cleared). */
  onDone?: () => void;
  afterClose?: () => void;
}

/**
 * Acknowledges events with an optional comment (why, what was done). Events acknowledged before keep
 * their first acknowledgement; the answer says how many that were.
 */
export function AcknowledgeDialog({ ids, open, onClose, onDone, afterClose }: AcknowledgeDialogProps) {
  const { t } = useTranslation('events');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ comment?: string }>();
  const feedback = useServerFeedback();
  const acknowledge = useAcknowledgeEvents();

  const submit = async ({ comment }: { comment?: string }) => {
    try {
      const result = await acknowledge.mutateAsync({ ids, comment: comment?.trim() ? comment.trim() : undefined });
      void message.success(t('acknowledge.done', { count: result.acknowledged }));
      if (result.alreadyAcknowledged > 0) void message.info(t('acknowledge.already', { count: result.alreadyAcknowledged }));
      onDone?.();
      onClose();
    } catch (error) {
      if (!applyServerFieldErrors(form, error, ['comment'])) feedback.error(error);
    }
  };

  return (
    <Modal
      open={open}
      title={t('acknowledge.title', { count: ids.length })}
      width={520}
      onCancel={onClose}
      afterClose={afterClose}
      okText={t('acknowledge.submit')}
      cancelText={t('common:cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'acknowledge-events', loading: acknowledge.isPending }}
      mask={{ closable: false }}
    >
      <Typography.Paragraph type="secondary">{t('acknowledge.intro')}</Typography.Paragraph>
      <Form form={form} name="acknowledge-events" layout="vertical" onFinish={submit} disabled={acknowledge.isPending}>
        <Form.Item name="comment" label={t('acknowledge.comment')} rules={[contractRule(eventAcknowledgeSchema.shape.comment, t, 'comment')]}>
          <Input.TextArea rows={3} showCount maxLength={ackCommentMax} placeholder={t('acknowledge.commentPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
