import { type Envelope, type ImportError, type Resource, endpointsOfResource } from '@cellsight/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type DownloadedFile, api, saveFile } from '@/lib/api-client';

export type ListQueryParams = Record<string, string | number | undefined>;
export type RecordOf<R extends Resource> = z.infer<R['record']>;

/**
 * Query keys of a resource: everything under its path, so one invalidation refreshes its lists. `all`
 * takes the resource or only its path (`resourcePaths`), where the schemas are not needed.
 */
export const resourceKeys = {
  all: (resource: Pick<Resource, 'path'>) => [resource.path] as const,
  list: (resource: Resource, query: ListQueryParams) => [resource.path, 'list', query] as const,
};

/**
 * One page of a resource; the previous page stays on screen while the next one loads. `refreshMs`
 * re-reads it while shown, for figures that change with every device report and no event says so.
 */
export const useResourceList = <R extends Resource>(resource: R, query: ListQueryParams, enabled = true, refreshMs?: number) =>
  useQuery({
    queryKey: resourceKeys.list(resource, query),
    queryFn: async () => (await api.call(endpointsOfResource(resource).list, { query })).result,
    placeholderData: keepPreviousData,
    enabled,
    ...(refreshMs ? { refetchInterval: refreshMs } : {}),
  });

/** Add, edit, delete and import, each refreshing the resource's lists when it succeeded. */
export const useResourceMutations = (resource: Resource) => {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(resource) });
  const useCall = <Input,>(call: (input: Input) => Promise<Envelope<unknown>>) => useMutation({ mutationFn: call, onSuccess: refresh });
  const endpoints = endpointsOfResource(resource);
  // The form's values are checked by the resource's own schemas before they are sent.
  return {
    add: useCall((values: Record<string, unknown>) => api.call(endpoints.add, { body: values as never })),
    edit: useCall((values: Record<string, unknown>) => api.call(endpoints.edit, { body: values as never })),
    remove: useCall((ids: string[]) =>
      ids.length === 1 ? api.call(endpoints.delete, { query: { id: ids[0] ?? '' } }) : api.call(endpoints.deleteBatch, { query: { ids: ids.join(',') } }),
    ),
    importFile: useCall((file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.upload<{ imported: number }>(`${resource.path}/importExcel`, form);
    }),
  };
};

/** Downloads what the list shows (its filters and sort, not its page) or only the selected rows. */
export const useResourceExport = (resource: Resource) =>
  useMutation({
    mutationFn: async ({ query, selections, format }: { query: ListQueryParams; selections: string[]; format: 'xlsx' | 'csv' }) => {
      const { pageNo: _pageNo, pageSize: _pageSize, ...search } = query;
      const file: DownloadedFile = await api.download(`${resource.path}/${format === 'csv' ? 'exportCsv' : 'exportXls'}`, { ...search, selections: selections.join(',') || undefined }, `${resource.table}.${format}`);
      saveFile(file);
    },
  });

/** The per-row report of a refused import, when the error carries one. */
export const importErrorsOf = (errors: { field: string; message: string; row?: number }[]): ImportError[] =>
  errors.filter((error): error is ImportError => typeof error.row === 'number');
