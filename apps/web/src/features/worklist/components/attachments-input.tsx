import { UploadOutlined } from '@ant-design/icons';
import { ticketAttachmentMimeTypes, ticketLimits } from '@cellsight/contract';
import { App, Button, Upload, type UploadFile, type UploadProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/notify';
import { uploadTicketAttachment } from '../api/ticket-api';

interface AttachmentsInputProps {
  id?: string;
  /** The stored paths of the uploaded files. */
  value?: string[];
  onChange?: (paths: string[]) => void;
}

const megabytes = (bytes: number) => bytes / 1024 / 1024;

/**
 * A ticket's or reply's attachments (spec section 5): images or PDFs, each under 2 MB, at most 9,
 * together at most 20 MB. Each file is uploaded when chosen (`biz=ticket`; the server judges its
 * content again) and the field's value is the list of stored paths.
 */
export function AttachmentsInput({ id, value = [], onChange }: AttachmentsInputProps) {
  const { t } = useTranslation('worklist');
  const { message } = App.useApp();
  const [files, setFiles] = useState<UploadFile[]>([]);
  // Files chosen together are checked against each other before any is uploaded.
  const chosen = useRef<{ count: number; bytes: number }>({ count: 0, bytes: 0 });
  // A form reset (a reply sent) empties the value: the uploaded files leave the list too.
  const empty = value.length === 0;
  useEffect(() => {
    if (empty) setFiles((current) => (current.some((f) => f.status === 'done') ? current.filter((f) => f.status !== 'done') : current));
  }, [empty]);

  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    if (batch[0] === file) {
      const kept = files.filter((f) => f.status !== 'error');
      chosen.current = { count: kept.length, bytes: kept.reduce((sum, f) => sum + (f.size ?? 0), 0) };
    }
    const refusal = !(ticketAttachmentMimeTypes as readonly string[]).includes(file.type)
      ? t('attachments.wrongType', { name: file.name })
      : file.size >= ticketLimits.attachmentBytesMax
        ? t('attachments.tooLarge', { name: file.name, max: megabytes(ticketLimits.attachmentBytesMax) })
        : chosen.current.count >= ticketLimits.attachmentsMax
          ? t('attachments.tooMany', { max: ticketLimits.attachmentsMax })
          : chosen.current.bytes + file.size > ticketLimits.attachmentsBytesMax
            ? t('attachments.tooMuch', { max: megabytes(ticketLimits.attachmentsBytesMax) })
            : null;
    if (refusal !== null) {
      void message.error(refusal);
      return Upload.LIST_IGNORE;
    }
    chosen.current = { count: chosen.current.count + 1, bytes: chosen.current.bytes + file.size };
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    uploadTicketAttachment(file as Blob).then(
      (path) => {
        onSuccess?.(path);
      },
      (error: unknown) => {
        void message.error(t('attachments.failed', { reason: errorMessage(error) }));
        onError?.(error as Error);
      },
    );
  };

  const handleChange: UploadProps['onChange'] = ({ fileList }) => {
    setFiles(fileList);
    const paths = fileList.filter((f) => f.status === 'done' && typeof f.response === 'string').map((f) => f.response as string);
    if (paths.join('\n') !== value.join('\n')) onChange?.(paths);
  };

  return (
    <Upload id={id} multiple accept={ticketAttachmentMimeTypes.join(',')} fileList={files} beforeUpload={beforeUpload} customRequest={customRequest} onChange={handleChange}>
      <Button icon={<UploadOutlined />} disabled={files.length >= ticketLimits.attachmentsMax}>
        {t('attachments.choose', { max: ticketLimits.attachmentsMax })}
      </Button>
    </Upload>
  );
}
