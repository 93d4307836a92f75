import type { StoredFileRecord } from '@cellsight/contract';
import { App, Button, Descriptions, Image, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '@/lib/api-client';
import { formatDateTime, formatFileSize } from '@/lib/format';
import { errorMessage } from '@/lib/notify';
import { downloadStoredFile, useStoredFileUrl } from '@/lib/stored-file';

interface FilePreviewDialogProps {
  file: StoredFileRecord | null;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}

/**
 * The file's facts and its content: a raster image inline (a private one fetched with the session),
 * anything else, PDFs included, only to download: the server serves it as an attachment.
 */
export function FilePreviewDialog({ file, open, onClose, afterClose }: FilePreviewDialogProps) {
  const { t } = useTranslation('files');
  const { message } = App.useApp();
  const stored = file && fileUrl(file.path) ? file.path : null;
  const isImage = file?.mime?.startsWith('image/') ?? /\.(png|jpe?g|gif|webp)$/i.test(file?.path ?? '');
  const isPdf = file?.mime === 'application/pdf' || /\.pdf$/i.test(file?.path ?? '');
  const imageUrl = useStoredFileUrl(isImage ? stored : null);
  const download = (path: string) => {
    downloadStoredFile(path).catch((error: unknown) => void message.error(t('preview.downloadFailed', { reason: errorMessage(error) })));
  };
  return (
    <Modal
      title={file?.name ?? file?.path ?? ''}
      open={open}
      onCancel={onClose}
      afterClose={afterClose}
      width={760}
      footer={
        <Space>
          {stored && <Button onClick={() => download(stored)}>{t('preview.download')}</Button>}
          <Button type="primary" onClick={onClose}>
            {t('preview.close')}
          </Button>
        </Space>
      }
    >
      {file && (
        <>
          {isImage && imageUrl ? (
            <div style={{ textAlign: 'center', marginBottom: 16 }}>
              <Image src={imageUrl} alt={file.name ?? file.path} style={{ maxWidth: '100%', maxHeight: 420 }} preview={false} />
            </div>
          ) : isImage ? null : (
            <Typography.Paragraph type="secondary">{isPdf ? t('preview.pdfHint') : t('preview.downloadHint')}</Typography.Paragraph>
          )}
          <Descriptions bordered size="small" column={1}>
            <Descriptions.Item label={t('preview.path')}>
              <Typography.Text code copyable>
                {file.path}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('preview.type')}>{file.mime ?? t('preview.unknown')}</Descriptions.Item>
            <Descriptions.Item label={t('preview.size')}>{formatFileSize(file.size)}</Descriptions.Item>
            <Descriptions.Item label={t('preview.uploaded')}>{t('preview.uploadedValue', { time: formatDateTime(file.createTime), user: file.uploader ?? file.userId })}</Descriptions.Item>
            <Descriptions.Item label={t('preview.usedIn')}>{file.usedIn.length === 0 ? t('usage.none') : file.usedIn.map((usage) => t(`usage.${usage}`)).join(', ')}</Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Modal>
  );
}
