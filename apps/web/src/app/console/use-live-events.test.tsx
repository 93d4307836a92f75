import { type LiveEventHandler } from '@/lib/live-events';
import { stationResource } from '@cellsight/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resourceKeys } from '@/components/resource-page';
import { loggerKeys } from '@/features/loggers/api/logger-keys';
import { session } from '@/lib/session';
import { useLiveEvents } from './use-live-events';

let handler: LiveEventHandler | null = null;
vi.mock('@/lib/live-events', () => ({
  connectLiveEvents: (_token: string, onEvent: LiveEventHandler) => {
    handler = onEvent;
    return () => undefined;
  },
}));

describe('live events', () => {
  beforeEach(() => {
    vi.spyOn(session, 'token', 'get').mockReturnValue('a-token');
  });

  it.each(['station.changed', 'logger.state', 'device.event'] as const)('%s refreshes the station screens and the loggers', (event) => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    renderHook(() => useLiveEvents(), { wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> });
    const data = event === 'station.changed' ? { ids: ['s1'] } : event === 'logger.state' ? { gsn: 'L1', online: true } : { gsn: 'L1', batterySn: null, type: 'fault', code: 'F1', state: 'open' as const };
    handler?.({ event, data, at: Date.now() } as never);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: resourceKeys.all(stationResource) });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: loggerKeys.all });
  });
});
