import { type MyAnnouncementsQuery, announcementEndpoints } from '@cellsight/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { announcementKeys } from '@/components/announcement-detail';
import { api } from '@/lib/api-client';

/** GET /sys/sysAnnouncementSend/getMyAnnouncementSend: the user's announcements with their read marks. */
export const useMyAnnouncements = (query: MyAnnouncementsQuery) =>
  useQuery({
    queryKey: announcementKeys.mine(query),
    queryFn: async () => (await api.call(announcementEndpoints.mine, { query })).result,
    placeholderData: keepPreviousData,
  });

/** PUT /sys/sysAnnouncementSend/readAll: the number marked read; the bell and lists read again. */
export const useReadAll = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.call(announcementEndpoints.readAll)).result,
    onSettled: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
};
