import { announcementEndpoints, announcementResource } from '@cellsight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resourceKeys } from '@/kit/resource-page';
import { api } from '@/lib/api-client';

/** Publish (`doReleaseData`) or revoke (`doReovkeData`) one announcement; the screen's list reads again. */
export const useReleaseAnnouncement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: 'publish' | 'revoke' }) => api.call(action === 'publish' ? announcementEndpoints.release : announcementEndpoints.revoke, { query: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(announcementResource) }),
  });
};
