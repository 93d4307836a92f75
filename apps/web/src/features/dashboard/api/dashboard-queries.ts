import { dashboardEndpoints, endpointsOfResource, eventResource } from '@cellsight/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';
import { onLiveEvent } from '@/lib/live-events';

/** Query keys of the dashboards: `all` refreshes every one of them. */
export const dashboardKeys = {
  all: ['/want/dashboard'] as const,
  analysis: ['/want/dashboard', 'analysis'] as const,
  monitor: ['/want/dashboard', 'monitor'] as const,
  workplace: ['/want/dashboard', 'workplace'] as const,
  recentEvents: ['/want/dashboard', 'recent-events'] as const,
};

/** Figures also move without an event (energy with every report): every 30 s at the latest. */
export const dashboardRefreshMs = 30_000;
/** How many events the monitor's stream starts with and keeps. */
export const eventStreamLength = 20;

const options = { refetchInterval: dashboardRefreshMs, placeholderData: <T,>(previous: T | undefined) => previous };

export const useDashboardAnalysis = () =>
  useQuery({ queryKey: dashboardKeys.analysis, queryFn: async () => (await api.call(dashboardEndpoints.analysis)).result, ...options });

export const useDashboardMonitor = () =>
  useQuery({ queryKey: dashboardKeys.monitor, queryFn: async () => (await api.call(dashboardEndpoints.monitor)).result, ...options });

export const useDashboardWorkplace = () =>
  useQuery({ queryKey: dashboardKeys.workplace, queryFn: async () => (await api.call(dashboardEndpoints.workplace)).result, ...options });

/** The latest events of the caller's loggers (the events list, newest first): where the monitor's stream starts. */
export const useRecentEvents = () =>
  useQuery({
    queryKey: dashboardKeys.recentEvents,
    queryFn: async () => (await api.call(endpointsOfResource(eventResource).list, { query: { pageNo: 1, pageSize: eventStreamLength, column: 'beginTime', order: 'desc' } })).result.records,
    ...options,
  });

/** A device, station or command changed: the dashboards read their figures again. */
export function useDashboardLiveRefresh(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onLiveEvent((message) => {
        if (['device.event', 'event.acknowledged', 'logger.state', 'station.changed', 'battery.added', 'command.updated'].includes(message.event)) {
          void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
        }
      }),
    [queryClient],
  );
}
