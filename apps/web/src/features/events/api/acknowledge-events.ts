import { type EventAcknowledgeRequest, type EventAcknowledgeResult, eventEndpoints, eventResource } from '@cellsight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resourceKeys } from '@/kit/resource-page';
import { api } from '@/lib/api-client';

/** Acknowledges events (all within the caller's scope or none); events acknowledged before keep their first acknowledgement. */
export const acknowledgeEvents = async (body: EventAcknowledgeRequest): Promise<EventAcknowledgeResult> =>
  (await api.call(eventEndpoints.acknowledge, { body })).result;

export const useAcknowledgeEvents = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acknowledgeEvents, onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(eventResource) }) });
};
