import { announcementEndpoints, noticePollMs } from '@cellsight/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every query of what the signed-in user reads: the bell, their list, one announcement. A live push refreshes them all. */
export const announcementKeys = {
  all: ['announcements', 'reader'] as const,
  bell: () => [...announcementKeys.all, 'bell'] as const,
  mine: (query: Record<string, unknown>) => [...announcementKeys.all, 'mine', query] as const,
  one: (id: string) => [...announcementKeys.all, 'one', id] as const,
};

/**
 * The bell's unread notices and system messages, read every 6 s (spec section 9) and at once on a
 * live push; after a failed read it stops polling until the next push or reload (spec section 7).
 */
export const useUnreadAnnouncements = () =>
  useQuery({
    queryKey: announcementKeys.bell(),
    queryFn: async () => (await api.call(announcementEndpoints.listByUser, { query: { pageSize: 5 } })).result,
    refetchInterval: (query) => (query.state.status === 'error' ? false : noticePollMs),
    retry: false,
  });

/** One announcement, as the detail dialog shows it (its HTML was sanitised by the server). */
export const useAnnouncement = (id: string | null) =>
  useQuery({
    queryKey: announcementKeys.one(id ?? ''),
    queryFn: async () => (await api.call(announcementEndpoints.queryById, { query: { id: id ?? '' } })).result,
    enabled: id !== null,
  });

/** Opening an announcement marks it read; then the counts refresh (spec section 4). */
export const useMarkRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (anntId: string) => (await api.call(announcementEndpoints.markRead, { body: { anntId } })).result,
    onSettled: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
};
