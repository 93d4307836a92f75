import { type OutboxRecord, type OutboxTestMail, outboxResource } from '@cellsight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resourceKeys } from '@/kit/resource-page';
import { api } from '@/lib/api-client';

/** POST /sys/outbox/testMail: resolves to the message's outbox record (sent, kept or failed) and refreshes the outbox. */
export const useSendTestMail = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: OutboxTestMail) => (await api.post<OutboxRecord>(`${outboxResource.path}/testMail`, body)).result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(outboxResource) }),
  });
};
