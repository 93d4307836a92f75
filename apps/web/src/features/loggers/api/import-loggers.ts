import { type LoggerImportPreview, type LoggerImportRows, loggerEndpoints } from '@cellsight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, saveFile } from '@/lib/api-client';
import { loggerKeys } from './logger-keys';

/** Saves the spreadsheet to fill in, its headings in the console's language (the export's download). */
export const useDownloadImportTemplate = () =>
  useMutation({
    mutationFn: async () => saveFile(await api.download('/want/logger/importTemplate', undefined, 'logger-import-template.xlsx')),
  });

/** Reads a spreadsheet's loggers without registering them, for the grid to correct. */
export const usePreviewLoggerImport = () =>
  useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return (await api.upload<LoggerImportPreview>('/want/logger/importPreview', form)).result;
    },
  });

/** Registers the corrected rows: all of them, or none with each refusal naming `loggers[i].field`. */
export const useImportLoggerRows = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoggerImportRows) => api.call(loggerEndpoints.importRows, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loggerKeys.all }),
  });
};
