import { type EndpointBody, dataSourceEndpoints } from '@cellsight/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `POST /sys/dataSource/testConnection` with the form's values; without a password the stored one of `id`. */
export const useTestConnection = () =>
  useMutation({
    mutationFn: async (body: EndpointBody<typeof dataSourceEndpoints.testConnection>) => (await api.call(dataSourceEndpoints.testConnection, { body })).result,
  });
