import { batteryChangeResource } from '@cellsight/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { resourceKeys } from '@/kit/resource-page';
import { onLiveEvent } from '@/lib/live-events';

/** A change was recorded (detected by the platform, a move, or entered in another console): the list reads its page again. */
export function useBatteryChangeLiveRefresh(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onLiveEvent((message) => {
        if (message.event === 'battery.changed') void queryClient.invalidateQueries({ queryKey: resourceKeys.all(batteryChangeResource) });
      }),
    [queryClient],
  );
}
