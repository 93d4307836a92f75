import type { StoredFileRecord } from '@cellsight/contract';
import { Button, Descriptions, Image, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '@/lib/api-client';
import { formatDateTime, formatFileSize } from '@/lib/format';

interface FilePreviewDialogProps {
  file: StoredFileRecord | null;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}

/** The file's facts and its content: an image inline, a PDF opened by the browser in a new tab, anything else to download. */
export function FilePreviewDialog({ file, open, onClose, afterClose }: FilePreviewDialogProps) {
  const { t } = useTranslation('files');
  const url = file ? fileUrl(file.path) : undefined;
  const isImage = file?.mime?.startsWith('image/') ?? /\.(png|jpe?g|gif|webp)$/i.test(file?.path ?? '');
  const isPdf = file?.mime === 'application/pdf' || /\.pdf$/i.test(file?.path ?? '');
  return (
    <Modal
      title={file?.name ?? file?.path ?? ''}
      open={open}
      onCancel={onClose}
      afterClose={afterClose}
      width={760}
      footer={
        <Space>
          {url && isPdf && (
            <Button href={url} target="_blank" rel="noopener">
              {t('preview.openPdf')}
            </Button>
          )}
          {url && (
            <Button href={url} download={file?.name ?? true}>
              {t('preview.download')}
            </Button>
          )}
          <Button type="primary" onClick={onClose}>
            {t('preview.close')}
          </Button>
        </Space>
      }
    >
      {file && (
        <>
          {isImage && url ? (
            <div style={{ textAlign: 'center', marginBottom: 16 }}>
              <Image src={url} alt={file.name ?? file.path} style={{ maxWidth: '100%', maxHeight: 420 }} preview={false} />
            </div>
          ) : (
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
