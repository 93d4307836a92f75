import { useMutation } from '@tanstack/react-query';
import { api, saveFile } from '@/lib/api-client';
import type { UserListQuery } from '../lib/user-list-query';

/**
 * Downloads the users the current search finds, sorted as on screen, or only the selected ones,
 * as an .xlsx file (headings in the console's language) and hands it to the browser.
 */
export const useExportUsers = () =>
  useMutation({
    mutationFn: async ({ query, selections }: { query: UserListQuery; selections: string[] }) => {
      const { pageNo: _pageNo, pageSize: _pageSize, ...search } = query;
      const file = await api.download('/sys/user/exportXls', { ...search, selections: selections.join(',') || undefined }, 'users.xlsx');
      saveFile(file);
    },
  });
