import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /sys/common/upload with `biz=station`: stores a station image and resolves to its stored path (the answer's message). */
export const uploadStationImage = async (file: Blob): Promise<string> => {
  const form = new FormData();
  // The name travels explicitly: the server checks its length and keeps the extension.
  form.append('file', file, file instanceof File ? file.name : 'station');
  form.append('biz', 'station');
  return (await api.upload<unknown>('/sys/common/upload', form)).message;
};

export const useUploadStationImage = () => useMutation({ mutationFn: uploadStationImage });
