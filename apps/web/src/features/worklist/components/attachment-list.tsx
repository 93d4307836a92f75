import { FilePdfOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Flex, Image, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '@/lib/api-client';

const isImage = (path: string) => /\.(jpg|png|gif|webp)$/.test(path);

/** A ticket's or reply's files: images as thumbnails that open large, PDFs as links. */
export function AttachmentList({ paths }: { paths: readonly string[] }) {
  const { t } = useTranslation('worklist');
  if (paths.length === 0) return null;
  return (
    <Flex gap="small" wrap align="center" aria-label={t('attachments.label')}>
      <PaperClipOutlined />
      <Image.PreviewGroup>
        {paths.map((path, index) => {
          const url = fileUrl(path);
          if (!url) return null;
          return isImage(path) ? (
            <Image key={path} src={url} width={64} height={64} style={{ objectFit: 'cover' }} alt={t('attachments.item', { n: index + 1 })} />
          ) : (
            <Typography.Link key={path} href={url} target="_blank" rel="noreferrer">
              <FilePdfOutlined /> {t('attachments.item', { n: index + 1 })}
            </Typography.Link>
          );
        })}
      </Image.PreviewGroup>
    </Flex>
  );
}
