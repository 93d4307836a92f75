import { SendOutlined } from '@ant-design/icons';
import { type TicketReplyRequest, ticketLimits } from '@cellsight/contract';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors, useServerFeedback } from '@/lib/server-feedback';
import { useTicketActions } from '../api/ticket-api';
import { AttachmentsInput } from './attachments-input';

type ReplyValues = Omit<TicketReplyRequest, 'ticketId'>;

/** Words and files for the ticket's thread; the other side hears of them live and by mail. */
export function ReplyForm({ ticketId }: { ticketId: string }) {
  const { t } = useTranslation('worklist');
  const [form] = Form.useForm<ReplyValues>();
  const feedback = useServerFeedback();
  const { reply } = useTicketActions();

  const submit = async (values: ReplyValues) => {
    try {
      feedback.success(await reply.mutateAsync({ ticketId, content: values.content.trim(), attachments: values.attachments ?? [] }), t('reply.sent'));
      form.resetFields();
    } catch (error) {
      if (!applyServerFieldErrors(form, error, ['content', 'attachments'])) feedback.error(error);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} initialValues={{ attachments: [] }}>
      <Form.Item name="content" label={t('reply.label')} rules={[{ required: true, whitespace: true, message: t('reply.required') }]}>
        <Input.TextArea rows={3} showCount maxLength={ticketLimits.replyMax} placeholder={t('reply.placeholder')} />
      </Form.Item>
      <Form.Item name="attachments" label={t('attachments.label')}>
        <AttachmentsInput />
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={reply.isPending}>
        {t('reply.send')}
      </Button>
    </Form>
  );
}
