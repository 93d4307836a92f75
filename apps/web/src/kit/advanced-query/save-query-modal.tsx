import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

interface SaveQueryModalProps {
  open: boolean;
  onCancel: () => void;
  /** Called with the trimmed, non-empty name. */
  onSave: (title: string) => void;
}

/** Asks for the name a query is saved under. */
export function SaveQueryModal({ open, onCancel, onSave }: SaveQueryModalProps) {
  const { t } = useTranslation('query');
  const { t: common } = useTranslation('common');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ title?: string }>();
  const submit = ({ title }: { title?: string }) => {
    const name = title?.trim() ?? '';
    if (name === '') void message.warning(t('nameRequired'));
    else onSave(name);
  };
  return (
    <Modal open={open} title={t('saveDialog.title')} width={420} okText={common('save')} cancelText={common('cancel')} onOk={() => form.submit()} onCancel={onCancel} destroyOnHidden>
      {/* preserve={false}: the next saving starts with an empty name. */}
      <Form form={form} name="save-query" layout="vertical" onFinish={submit} preserve={false}>
        <Form.Item name="title" label={t('saveDialog.name')}>
          <Input placeholder={t('saveDialog.placeholder')} maxLength={50} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
