import { type AddStationRequest, loggerResource, stationEndpoints, stationResource } from '@cellsight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resourceKeys } from '@/kit/resource-page';
import { api } from '@/lib/api-client';
import type { RegionCode } from '@/lib/region';

export interface AddStationCall {
  request: AddStationRequest;
  /** The portal the console signed in through (`?from=`). */
  region: RegionCode | null;
}

/**
 * POST /want/tbStation/add_station: creates the station (or sub-station, `pid`) and binds its
 * loggers in one step; resolves to the new station's id (the answer's message).
 */
export const addStation = async ({ request, region }: AddStationCall): Promise<string> =>
  (await api.call(stationEndpoints.addStation, { body: request, query: { from: region ?? undefined } })).message;

export const useAddStation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addStation,
    // The station lists gain a row, and its loggers now name their station.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: resourceKeys.all(stationResource) }), queryClient.invalidateQueries({ queryKey: resourceKeys.all(loggerResource) })]),
  });
};
