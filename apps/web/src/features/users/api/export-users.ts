import { useMutation } from '@tanstack/react-query';
import { api, saveFile } from '@/lib/api-client';
import type { UserListQuery } from '../lib/user-list-query';

/**
 * Downloads the users the current search finds, sorted as on screen, or only the selected ones,
 * as an .xlsx or .csv file (headings and dictionary texts in the console's language) and hands it
 * to the browser.
 */
export const useExportUsers = () =>
  useMutation({
    mutationFn: async ({ query, selections, format }: { query: UserListQuery; selections: string[]; format: 'xlsx' | 'csv' }) => {
      const { pageNo: _pageNo, pageSize: _pageSize, ...search } = query;
      const path = format === 'csv' ? '/sys/user/exportCsv' : '/sys/user/exportXls';
      const file = await api.download(path, { ...search, selections: selections.join(',') || undefined }, `users.${format}`);
      saveFile(file);
    },
  });
