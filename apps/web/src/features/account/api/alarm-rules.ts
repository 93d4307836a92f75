import { type AlarmRulesEdit, alarmNotificationEndpoints } from '@cellsight/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountKeys } from './account-keys';

export const fetchAlarmRules = async () => (await api.call(alarmNotificationEndpoints.rules)).result;

/** The own alarm rules in force (the default until the user saves their own). */
export const useAlarmRules = () => useQuery({ queryKey: accountKeys.alarmRules(), queryFn: fetchAlarmRules });

export const saveAlarmRules = (body: AlarmRulesEdit) => api.call(alarmNotificationEndpoints.saveRules, { body });

/** Replaces the own alarm rules; the answer is what is in force now. */
export const useSaveAlarmRules = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAlarmRules,
    onSuccess: (envelope) => queryClient.setQueryData(accountKeys.alarmRules(), envelope.result),
  });
};
