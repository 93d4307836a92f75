import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onLiveEvent } from '@/lib/live-events';
import { ticketKeys } from './ticket-api';

/** A ticket was filed, replied to or moved on in another console: lists, details and threads read again. */
export function useTicketLiveRefresh(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onLiveEvent((message) => {
        if (message.event === 'ticket.changed') void queryClient.invalidateQueries({ queryKey: ticketKeys.all });
      }),
    [queryClient],
  );
}
