import { LoadingOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { imageMimeTypes } from '@cellsight/contract';
import { Avatar, Button, Space, Upload } from 'antd';
import ImgCrop, { type ImgCropProps } from 'antd-img-crop';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '@/lib/api-client';
import { useUploadAvatar } from '../api/upload-avatar';
import { useImageUpload } from '@/lib/image-upload';

interface AvatarUploadProps {
  /** Stored path of the current avatar (a form control: Form.Item passes value, onChange and id). */
  value?: string | null;
  onChange?: (path: string) => void;
  id?: string;
  disabled?: boolean;
}

/** The crop box, as the spec fixes it (200 × 200, square). */
const cropBoxPx = 200;
/** The profile's avatar, as the spec sizes it (180 × 180). */
const profileAvatarPx = 180;
// The library types every Cropper prop as required here; only the box size is ours to set.
const cropperProps = { cropSize: { width: cropBoxPx, height: cropBoxPx } } as ImgCropProps['cropperProps'];

/** Picks, checks, crops (a square, in a fixed 200 px box) and uploads an avatar; the form keeps the stored path. */
export function AvatarUpload({ value, onChange, id, disabled }: AvatarUploadProps) {
  const { t } = useTranslation('account');
  const upload = useUploadAvatar();

  const { beforeUpload, customRequest } = useImageUpload(upload.mutateAsync, onChange);

  const src = fileUrl(value);
  return (
    // On a phone the button wraps below the picture.
    <Space size="large" align="center" wrap>
      {src ? <Avatar size={profileAvatarPx} src={src} alt={t('avatar.current')} /> : <Avatar size={profileAvatarPx} icon={<UserOutlined />} aria-label={t('avatar.none')} />}
      <ImgCrop
        aspect={1}
        quality={0.92}
        beforeCrop={beforeUpload}
        cropperProps={cropperProps}
        modalTitle={t('avatar.cropTitle')}
        modalOk={t('avatar.cropOk')}
        modalCancel={t('avatar.cropCancel')}
        resetText={t('avatar.cropReset')}
        showReset
      >
        <Upload
          id={id}
          accept={imageMimeTypes.join(',')}
          showUploadList={false}
          maxCount={1}
          beforeUpload={beforeUpload}
          customRequest={customRequest}
          disabled={disabled || upload.isPending}
        >
          <Button icon={upload.isPending ? <LoadingOutlined /> : <UploadOutlined />} disabled={disabled || upload.isPending}>
            {upload.isPending ? t('avatar.uploading') : t('avatar.change')}
          </Button>
        </Upload>
      </ImgCrop>
    </Space>
  );
}
