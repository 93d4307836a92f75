import { DeleteOutlined, LoadingOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { imageMimeTypes } from '@cellsight/contract';
import { Button, Flex, Image, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '@/lib/api-client';
import { useImageUpload } from '@/lib/image-upload';
import { useUploadStationImage } from '../api/upload-station-image';

interface StationImageUploadProps {
  /** Stored path of the image (a form control: Form.Item passes value, onChange and id). */
  value?: string | null;
  onChange?: (path: string | null) => void;
  id?: string;
  disabled?: boolean;
}

const previewPx = 120;

/** Picks, checks and uploads a station's image (spec section 5: JPG or PNG, under 2 MB, name at most 100 characters); the form keeps the stored path. */
export function StationImageUpload({ value, onChange, id, disabled = false }: StationImageUploadProps) {
  const { t } = useTranslation('stations');
  const upload = useUploadStationImage();

  const { beforeUpload, customRequest } = useImageUpload(upload.mutateAsync, onChange);

  const src = fileUrl(value);
  return (
    <Flex gap="middle" align="center" wrap>
      {src ? (
        <Image src={src} alt={t('details.image.current')} width={previewPx} height={previewPx} style={{ objectFit: 'cover' }} />
      ) : (
        <Flex align="center" justify="center" role="img" aria-label={t('details.image.none')} style={{ width: previewPx, height: previewPx, border: '1px dashed var(--ant-color-border, #d9d9d9)', borderRadius: 8 }}>
          <PictureOutlined style={{ fontSize: 32, opacity: 0.45 }} />
        </Flex>
      )}
      <Flex vertical gap="small">
        <Upload id={id} accept={imageMimeTypes.join(',')} showUploadList={false} maxCount={1} beforeUpload={beforeUpload} customRequest={customRequest} disabled={disabled || upload.isPending}>
          <Button icon={upload.isPending ? <LoadingOutlined /> : <UploadOutlined />} disabled={disabled || upload.isPending}>
            {upload.isPending ? t('details.image.uploading') : src ? t('details.image.change') : t('details.image.choose')}
          </Button>
        </Upload>
        {src && (
          <Button icon={<DeleteOutlined />} disabled={disabled || upload.isPending} onClick={() => onChange?.(null)}>
            {t('details.image.remove')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
