import { type DataRuleAdd, type DataRuleEdit, dataRuleEndpoints } from '@cellsight/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { menuKeys } from './menu-api';

/** A list column a rule may name, as the server describes it. */
export interface RuleColumn {
  name: string;
  type: string;
  label?: readonly string[];
}

export const dataRuleKeys = {
  rules: (permissionId: string) => [...menuKeys.all, 'dataRules', permissionId] as const,
  columns: (permissionId: string) => [...menuKeys.all, 'dataRuleColumns', permissionId] as const,
};

/** A menu's data rules. */
export const useDataRules = (permissionId: string) =>
  useQuery({
    queryKey: dataRuleKeys.rules(permissionId),
    queryFn: async () => (await api.call(dataRuleEndpoints.list, { query: { permissionId } })).result,
  });

/** The list columns the menu's rules may name (none: its screen has no list to narrow). */
export const useDataRuleColumns = (permissionId: string) =>
  useQuery({
    queryKey: dataRuleKeys.columns(permissionId),
    queryFn: async () => (await api.call(dataRuleEndpoints.columns, { query: { permissionId } })).result,
  });

/** Add, edit and delete a rule, each reloading the menu's rules. */
export const useDataRuleMutations = (permissionId: string) => {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: dataRuleKeys.rules(permissionId) });
  return {
    add: useMutation({ mutationFn: (body: DataRuleAdd) => api.call(dataRuleEndpoints.add, { body }), onSuccess }),
    edit: useMutation({ mutationFn: (body: DataRuleEdit) => api.call(dataRuleEndpoints.edit, { body }), onSuccess }),
    remove: useMutation({ mutationFn: (id: string) => api.call(dataRuleEndpoints.delete, { query: { id } }), onSuccess }),
  };
};
