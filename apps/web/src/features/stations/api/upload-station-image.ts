import { useMutation } from '@tanstack/react-query';
import { uploadFile } from '@/lib/upload-file';

/** Stores a station image and resolves to its stored path. */
export const uploadStationImage = (file: Blob): Promise<string> => uploadFile(file, 'station');

export const useUploadStationImage = () => useMutation({ mutationFn: uploadStationImage });
