import { imageMimeTypes, limits } from '@cellsight/contract';
import { App, Upload, type UploadProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from './notify';

/**
 * What every image picker does (avatar, station image): checks the file before uploading (spec
 * section 5: JPG or PNG, under 2 MB, name at most 100 characters; the server checks the content
 * again), uploads it with `upload`, and hands the stored path to `onChange`.
 */
export function useImageUpload(upload: (file: Blob) => Promise<string>, onChange?: (path: string) => void): Pick<UploadProps, 'beforeUpload' | 'customRequest'> {
  const { t } = useTranslation('common');
  const { message } = App.useApp();

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const refusal = !(imageMimeTypes as readonly string[]).includes(file.type)
      ? t('imageUpload.wrongType')
      : file.size >= limits.imageMaxBytes
        ? t('imageUpload.tooLarge')
        : file.name.length > limits.imageNameMax
          ? t('imageUpload.nameTooLong', { max: limits.imageNameMax })
          : null;
    if (refusal === null) return true;
    void message.error(refusal);
    return Upload.LIST_IGNORE;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    upload(file as Blob).then(
      (path) => {
        onChange?.(path);
        onSuccess?.(path);
      },
      (error: unknown) => {
        void message.error(t('imageUpload.failed', { reason: errorMessage(error) }));
        onError?.(error as Error);
      },
    );
  };

  return { beforeUpload, customRequest };
}
