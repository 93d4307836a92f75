import { type FirmwareUpload, firmwareResource } from '@cellsight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resourceKeys } from '@/kit/resource-page';
import { api } from '@/lib/api-client';

/** POST /want/firmware/upload (multipart): the form's fields, then the file; resolves to the new id and refreshes the library's lists. */
export const useUploadFirmware = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ fields, file }: { fields: FirmwareUpload; file: File }) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) if (value !== undefined && value !== '') form.append(name, String(value));
      form.append('file', file, file.name);
      return (await api.upload<string>(`${firmwareResource.path}/upload`, form)).result;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(firmwareResource) }),
  });
};
