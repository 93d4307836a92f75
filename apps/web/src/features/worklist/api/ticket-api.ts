import { type TicketCloseRequest, type TicketReplyRequest, type TicketTransitionRequest, endpointsOfResource, ticketEndpoints, ticketResource } from '@cellsight/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resourceKeys } from '@/kit/resource-page';
import { api } from '@/lib/api-client';
import { uploadFile } from '@/lib/upload-file';

/** Every ticket query lives under the resource's key, so one invalidation refreshes lists, details and threads. */
export const ticketKeys = {
  all: resourceKeys.all(ticketResource),
  detail: (id: string) => [...resourceKeys.all(ticketResource), 'detail', id] as const,
  thread: (id: string) => [...resourceKeys.all(ticketResource), 'thread', id] as const,
};

/** GET /want/ticket/queryById: one ticket (404 outside the caller's scope). */
export const useTicket = (id: string) =>
  useQuery({ queryKey: ticketKeys.detail(id), queryFn: async () => (await api.call(endpointsOfResource(ticketResource).queryById, { query: { id } })).result, enabled: id !== '', retry: false });

/** GET /want/ticket/thread: replies and moves, and what the user may do now. */
export const useTicketThread = (id: string) =>
  useQuery({ queryKey: ticketKeys.thread(id), queryFn: async () => (await api.call(ticketEndpoints.thread, { query: { id } })).result, enabled: id !== '', retry: false });

/** Reply, move on and close: each refreshes every ticket query when it succeeded. */
export const useTicketActions = () => {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: ticketKeys.all });
  return {
    reply: useMutation({ mutationFn: (body: TicketReplyRequest) => api.call(ticketEndpoints.reply, { body }), onSuccess }),
    transition: useMutation({ mutationFn: (body: TicketTransitionRequest) => api.call(ticketEndpoints.transition, { body }), onSuccess }),
    close: useMutation({ mutationFn: (body: TicketCloseRequest) => api.call(ticketEndpoints.close, { body }), onSuccess }),
  };
};

/** Stores a ticket attachment and resolves to its stored path. */
export const uploadTicketAttachment = (file: Blob): Promise<string> => uploadFile(file, 'ticket');
