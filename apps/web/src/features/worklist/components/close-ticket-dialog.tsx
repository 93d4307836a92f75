import { type TicketCloseRequest, ticketLimits } from '@cellsight/contract';
import { Form, Input, Modal, Radio, Rate } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors, useServerFeedback } from '@/lib/server-feedback';
import { useTicketActions } from '../api/ticket-api';

type RatingValues = Omit<TicketCloseRequest, 'id'>;
const fieldNames = ['resolved', 'speedRating', 'attitudeRating', 'content'] as const;

/** The rating that closes a ticket (spec section 4): resolved or not, handling speed, service attitude. */
export function CloseTicketDialog({ ticketId, open, onClose }: { ticketId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('worklist');
  const [form] = Form.useForm<RatingValues>();
  const feedback = useServerFeedback();
  const { close } = useTicketActions();

  const submit = async (values: RatingValues) => {
    try {
      feedback.success(await close.mutateAsync({ id: ticketId, ...values, content: values.content?.trim() || undefined }), t('close.done'));
      onClose();
    } catch (error) {
      if (!applyServerFieldErrors(form, error, fieldNames)) feedback.error(error);
    }
  };

  const required = { required: true, message: t('close.rateRequired') };
  return (
    <Modal
      title={t('close.title')}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('close.submit')}
      cancelText={t('common:cancel')}
      confirmLoading={close.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} initialValues={{ resolved: true }} preserve={false}>
        <Form.Item name="resolved" label={t('close.resolved')} rules={[required]}>
          <Radio.Group
            options={[
              { value: true, label: t('close.yes') },
              { value: false, label: t('close.no') },
            ]}
          />
        </Form.Item>
        <Form.Item name="speedRating" label={t('close.speed')} rules={[required]}>
          <Rate count={ticketLimits.ratingMax} aria-label={t('close.speed')} />
        </Form.Item>
        <Form.Item name="attitudeRating" label={t('close.attitude')} rules={[required]}>
          <Rate count={ticketLimits.ratingMax} aria-label={t('close.attitude')} />
        </Form.Item>
        <Form.Item name="content" label={t('close.comment')}>
          <Input.TextArea rows={3} showCount maxLength={ticketLimits.replyMax} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
