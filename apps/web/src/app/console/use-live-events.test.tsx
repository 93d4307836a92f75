import { type LiveEventHandler } from '@/lib/live-events';
import { batteryResource, eventResource, memberResource, stationResource } from '@cellsight/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resourceKeys } from '@/kit/resource-page';
import { commandKeys } from '@/components/device-commands';
import { loggerKeys } from '@/features/loggers/api/logger-keys';
import { session } from '@/lib/session';
import { readingsRefreshMs, useLiveEvents } from './use-live-events';
import type * as LiveEvents from '@/lib/live-events';

let handler: LiveEventHandler | null = null;
vi.mock('@/lib/live-events', async (importOriginal) => ({
  // The screens' own listeners (publishLiveEvent) stay real; only the socket is replaced.
  ...(await importOriginal<typeof LiveEvents>()),
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
    expect(invalidate).toHaveBeenCalledWith({ queryKey: resourceKeys.all(batteryResource) });
  });

  it('battery.reading refreshes the battery screens at once, then at most every 5 s however often readings come', () => {
    vi.useFakeTimers();
    try {
      const client = new QueryClient();
      const invalidate = vi.spyOn(client, 'invalidateQueries');
      renderHook(() => useLiveEvents(), { wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> });
      const reading = () => handler?.({ event: 'battery.reading', data: { loggers: [{ gsn: 'L1', ts: Date.now() }] }, at: Date.now() } as never);
      const batteryRefreshes = () => invalidate.mock.calls.filter(([filters]) => JSON.stringify(filters) === JSON.stringify({ queryKey: resourceKeys.all(batteryResource) })).length;
      reading();
      expect(batteryRefreshes()).toBe(1);
      for (let i = 0; i < 20; i++) {
        vi.advanceTimersByTime(200);
        reading();
      }
      // 4 s of readings every 200 ms: none yet; the wait ends at 5 s with one refresh for all of them.
      expect(batteryRefreshes()).toBe(1);
      vi.advanceTimersByTime(readingsRefreshMs);
      expect(batteryRefreshes()).toBe(2);
      expect(invalidate).toHaveBeenCalledWith({ queryKey: loggerKeys.all });
    } finally {
      vi.useRealTimers();
    }
  });

  it('user.changed refreshes the Users and Members screens', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    renderHook(() => useLiveEvents(), { wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> });
    handler?.({ event: 'user.changed', data: { ids: ['u1'] }, at: Date.now() } as never);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: resourceKeys.all(memberResource) });
  });

  it('command.updated refreshes the progress of remote commands', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    renderHook(() => useLiveEvents(), { wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> });
    handler?.({ event: 'command.updated', data: { id: 'c1', gsn: 'L1', status: 'acknowledged', progress: null }, at: Date.now() } as never);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: commandKeys.all });
  });

  it.each([
    ['device.event', { gsn: 'L1', batterySn: 'B1', type: 'warning', code: 'W-SOC-LOW', state: 'open' }],
    ['event.acknowledged', { ids: ['e1'] }],
  ] as const)('%s refreshes the events screen', (event, data) => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    renderHook(() => useLiveEvents(), { wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> });
    handler?.({ event, data, at: Date.now() } as never);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: resourceKeys.all(eventResource) });
  });
});
