import { type TenantFreezeRequest, tenantEndpoints, tenantResource } from '@cellsight/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resourceKeys } from '@/kit/resource-page';
import { api } from '@/lib/api-client';

/** Freezes (0) or unfreezes (1) tenants; the tenant list reloads. */
export const useSetTenantStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TenantFreezeRequest) => api.call(tenantEndpoints.freeze, { body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(tenantResource) }),
  });
};

/** Users joining and leaving a tenant (the members panel reloads the users; the tenant list its counts). */
export const tenantUserCalls = (tenantId: number, refreshTenants: () => void) => ({
  add: async (userIds: string[]) => {
    const result = await api.call(tenantEndpoints.addUsers, { body: { tenantId, userIds: userIds.join(',') } });
    refreshTenants();
    return result;
  },
  remove: async (userIds: string[]) => {
    const result = await api.call(tenantEndpoints.removeUsers, { query: { tenantId, userIds: userIds.join(',') } });
    refreshTenants();
    return result;
  },
});
