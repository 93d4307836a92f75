import { dataSourceResource, type testConnectionBodySchema, type testConnectionResultSchema } from '@cellsight/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** `POST /sys/dataSource/testConnection` with the form's values; without a password the stored one of `id`. */
export const useTestConnection = () =>
  useMutation({
    mutationFn: async (body: z.input<typeof testConnectionBodySchema>) => (await api.post<z.infer<typeof testConnectionResultSchema>>(`${dataSourceResource.path}/testConnection`, body)).result,
  });
