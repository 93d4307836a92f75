import { useMutation } from '@tanstack/react-query';
import { uploadFile } from '@/lib/upload-file';

/** Uploads an avatar image and resolves to its stored path. */
export const uploadAvatar = (file: Blob): Promise<string> => uploadFile(file, 'avatar');

export const useUploadAvatar = () => useMutation({ mutationFn: uploadAvatar });
