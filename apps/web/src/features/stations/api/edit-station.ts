import { endpointsOfResource, stationResource } from '@cellsight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { resourceKeys } from '@/kit/resource-page';
import { api } from '@/lib/api-client';

export type StationEditRequest = z.input<typeof stationResource.edit>;

/** PUT /want/tbStation/edit with the id and the changed fields; the station's lists and record refresh. */
export const useEditStation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: StationEditRequest) => api.call(endpointsOfResource(stationResource).edit, { body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(stationResource) }),
  });
};
