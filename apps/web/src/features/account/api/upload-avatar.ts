import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Uploads an avatar image; the server answers with the stored path in `message`. */
export const uploadAvatar = async (file: Blob): Promise<string> => {
  const form = new FormData();
  // The file name travels explicitly: the server keeps its extension when storing the image.
  form.append('file', file, file instanceof File ? file.name : 'avatar');
  form.append('biz', 'avatar');
  return (await api.upload<unknown>('/sys/common/upload', form)).message;
};

export const useUploadAvatar = () => useMutation({ mutationFn: uploadAvatar });
