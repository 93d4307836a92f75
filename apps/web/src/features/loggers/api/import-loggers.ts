import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, saveFile } from '@/lib/api-client';
import { loggerKeys } from './logger-keys';

/** Registers the loggers of a spreadsheet: all of them, or none with the refused cells listed. */
export const useImportLoggers = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.upload<{ imported: number }>('/want/logger/importExcel', form);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loggerKeys.all }),
  });
};

/** Saves the spreadsheet to fill in, its headings in the console's language (the export's download). */
export const useDownloadImportTemplate = () =>
  useMutation({
    mutationFn: async () => saveFile(await api.download('/want/logger/importTemplate', undefined, 'logger-import-template.xlsx')),
  });
