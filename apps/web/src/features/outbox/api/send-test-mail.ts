import { type OutboxTestMail, outboxEndpoints, outboxResource } from '@cellsight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resourceKeys } from '@/kit/resource-page';
import { api } from '@/lib/api-client';

/** POST /sys/outbox/testMail: resolves to the message's outbox record (sent, kept or failed) and refreshes the outbox. */
export const useSendTestMail = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: OutboxTestMail) => (await api.call(outboxEndpoints.testMail, { body })).result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(outboxResource) }),
  });
};
