import { endpointsOfResource, jobEndpoints, jobResource, jobRunResource } from '@cellsight/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resourceKeys } from '@/kit/resource-page';
import { api } from '@/lib/api-client';

/** GET /sys/quartzJob/tasks: the tasks a job can run, with their titles in three languages. */
export const useJobTasks = () =>
  useQuery({
    queryKey: [jobResource.path, 'tasks'],
    queryFn: async () => (await api.call(jobEndpoints.tasks)).result,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Pause, resume or run now (`POST /sys/quartzJob/{action}?id=`); the list and the job's runs are read again. */
export const useJobAction = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, id }: { action: 'pause' | 'resume' | 'execute'; id: string }) =>
      action === 'execute' ? api.call(jobEndpoints.execute, { query: { id } }) : api.call(jobEndpoints[action], { query: { id } }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: resourceKeys.all(jobResource) }), queryClient.invalidateQueries({ queryKey: resourceKeys.all(jobRunResource) })]),
  });
};

/** The newest runs of a job (`GET /sys/quartzJobRun/list?jobId=`), read again every few seconds while shown. */
export const useJobRuns = (jobId: string | null) =>
  useQuery({
    queryKey: [...resourceKeys.all(jobRunResource), jobId],
    queryFn: async () => (await api.call(endpointsOfResource(jobRunResource).list, { query: { jobId: jobId ?? '', pageSize: 50, column: 'fireTime', order: 'desc' } })).result,
    enabled: jobId !== null,
    refetchInterval: 3_000,
  });
