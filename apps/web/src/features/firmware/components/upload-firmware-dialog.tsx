import { UploadOutlined } from '@ant-design/icons';
import { type FirmwareUpload, firmwareDeviceTypes, firmwareUploadSchema, limits } from '@cellsight/contract';
import { App, Button, Form, Input, Modal, Select, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contractRule } from '@/lib/contract-rules';
import { applyServerFieldErrors, useServerFeedback } from '@/lib/server-feedback';
import { useUploadFirmware } from '../api/upload-firmware';
import { sha256Hex } from '../lib/sha256';

const fields = firmwareUploadSchema.shape;

/**
 * Uploads a firmware file to the library. The checksum is the one the vendor published: the
 * browser shows the chosen file's own SHA-256 beside it, and the server refuses the file when the
 * two differ, so a damaged download never reaches a logger.
 */
export function UploadFirmwareDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('firmware');
  const feedback = useServerFeedback();
  const { message } = App.useApp();
  const [form] = Form.useForm<FirmwareUpload>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [computed, setComputed] = useState<string | null>(null);
  const upload = useUploadFirmware();
  const given = Form.useWatch('sha256', form)?.trim().toLowerCase();

  const choose = (chosen: File) => {
    setFileError(chosen.size > limits.fileMaxBytes ? t('upload.tooLarge', { mb: limits.fileMaxBytes / 1024 / 1024 }) : chosen.size === 0 ? t('upload.empty') : null);
    setFile(chosen);
    setComputed(null);
    void sha256Hex(chosen).then(setComputed);
    return false;
  };

  const submit = async (values: FirmwareUpload) => {
    if (!file) {
      setFileError(t('upload.fileRequired'));
      return;
    }
    if (fileError) return;
    try {
      await upload.mutateAsync({ fields: values, file });
      void message.success(t('upload.done', { version: values.version }));
      onClose();
    } catch (error) {
      if (!applyServerFieldErrors(form, error, ['version', 'deviceType', 'sha256', 'remark'])) feedback.error(error);
    }
  };

  const reset = () => {
    form.resetFields();
    setFile(null);
    setFileError(null);
    setComputed(null);
  };

  return (
    <Modal open={open} title={t('upload.title')} okText={t('upload.ok')} onOk={() => form.submit()} onCancel={onClose} confirmLoading={upload.isPending} afterClose={reset} destroyOnHidden>
      <Form form={form} layout="vertical" name="upload-firmware" onFinish={(values) => void submit(values)} initialValues={{ deviceType: 'battery' }}>
        <Form.Item label={t('upload.file')} required validateStatus={fileError ? 'error' : undefined} help={fileError ?? undefined}>
          <Upload beforeUpload={choose} maxCount={1} showUploadList={false}>
            <Button icon={<UploadOutlined />}>{file ? file.name : t('upload.choose')}</Button>
          </Upload>
        </Form.Item>
        <Form.Item name="version" label={t('field.version')} rules={[contractRule(fields.version, t, 'version')]}>
          <Input autoComplete="off" placeholder="3.5.0" />
        </Form.Item>
        <Form.Item name="deviceType" label={t('field.deviceType')} rules={[contractRule(fields.deviceType, t, 'deviceType')]}>
          <Select options={firmwareDeviceTypes.map((type) => ({ value: type, label: t(`deviceType.${type}`) }))} />
        </Form.Item>
        <Form.Item
          name="sha256"
          label={t('field.sha256')}
          rules={[contractRule(fields.sha256, t, 'sha256')]}
          extra={
            computed && (
              <Typography.Text type={given && given.length === 64 ? (given === computed ? 'success' : 'danger') : 'secondary'}>
                {given && given.length === 64 ? (given === computed ? t('upload.matches') : t('upload.differs')) : t('upload.computed')} <code>{computed}</code>
              </Typography.Text>
            )
          }
        >
          <Input autoComplete="off" placeholder={t('upload.sha256Placeholder')} />
        </Form.Item>
        <Form.Item name="remark" label={t('field.remark')} rules={[contractRule(fields.remark, t, 'remark')]}>
          <Input.TextArea rows={2} maxLength={256} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
