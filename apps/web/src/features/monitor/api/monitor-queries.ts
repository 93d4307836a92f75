import { monitorEndpoints, monitorSampleIntervalMs } from '@cellsight/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const base = '/sys/monitor';
/** The figures follow the sampler: read again with every new sample. */
const options = { refetchInterval: monitorSampleIntervalMs, placeholderData: <T,>(previous: T | undefined) => previous };

export const monitorKeys = {
  server: [base, 'server'] as const,
  database: (slowSeconds: number) => [base, 'database', slowSeconds] as const,
  broker: [base, 'broker'] as const,
  redis: [base, 'redis'] as const,
  history: [base, 'history'] as const,
};

export const useMonitorServer = () => useQuery({ queryKey: monitorKeys.server, queryFn: async () => (await api.call(monitorEndpoints.server)).result, ...options });

export const useMonitorDatabase = (slowSeconds: number) =>
  useQuery({ queryKey: monitorKeys.database(slowSeconds), queryFn: async () => (await api.call(monitorEndpoints.database, { query: { slowSeconds } })).result, ...options });

export const useMonitorBroker = () => useQuery({ queryKey: monitorKeys.broker, queryFn: async () => (await api.call(monitorEndpoints.broker)).result, ...options });

export const useMonitorRedis = () => useQuery({ queryKey: monitorKeys.redis, queryFn: async () => (await api.call(monitorEndpoints.redis)).result, ...options });

export const useMonitorHistory = () => useQuery({ queryKey: monitorKeys.history, queryFn: async () => (await api.call(monitorEndpoints.history)).result, ...options });
