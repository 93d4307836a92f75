import { FilePdfOutlined, PaperClipOutlined } from '@ant-design/icons';
import { App, Button, Flex, Image, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '@/lib/api-client';
import { errorMessage } from '@/lib/notify';
import { downloadStoredFile, useStoredFileUrl } from '@/lib/stored-file';

const isImage = (path: string) => /\.(jpg|png|gif|webp)$/.test(path);

/** An image attachment: fetched with the session (attachments are private), a thumbnail that opens large. */
function AttachmentImage({ path, label }: { path: string; label: string }) {
  const url = useStoredFileUrl(path);
  if (!url) return <Skeleton.Image active style={{ width: 64, height: 64 }} />;
  return <Image src={url} width={64} height={64} style={{ objectFit: 'cover' }} alt={label} />;
}

/** A ticket's or reply's files: images as thumbnails that open large, PDFs saved as downloads (never opened in the console's tab). */
export function AttachmentList({ paths }: { paths: readonly string[] }) {
  const { t } = useTranslation('worklist');
  const { message } = App.useApp();
  if (paths.length === 0) return null;
  const download = (path: string) => {
    downloadStoredFile(path).catch((error: unknown) => void message.error(t('attachments.downloadFailed', { reason: errorMessage(error) })));
  };
  return (
    <Flex gap="small" wrap align="center" aria-label={t('attachments.label')}>
      <PaperClipOutlined />
      <Image.PreviewGroup>
        {paths.map((path, index) => {
          if (!fileUrl(path)) return null;
          const label = t('attachments.item', { n: index + 1 });
          return isImage(path) ? (
            <AttachmentImage key={path} path={path} label={label} />
          ) : (
            <Button key={path} type="link" size="small" icon={<FilePdfOutlined />} onClick={() => download(path)}>
              {label}
            </Button>
          );
        })}
      </Image.PreviewGroup>
    </Flex>
  );
}
