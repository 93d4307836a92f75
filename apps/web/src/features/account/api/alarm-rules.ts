import type { AlarmRules, AlarmRulesEdit, Envelope } from '@cellsight/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountKeys } from './account-keys';

const url = '/sys/alarmNotification/rules';

export const fetchAlarmRules = async (): Promise<AlarmRules> => (await api.get<AlarmRules>(url)).result;

/** The own alarm rules in force (the default until the user saves their own). */
export const useAlarmRules = () => useQuery({ queryKey: accountKeys.alarmRules(), queryFn: fetchAlarmRules });

export const saveAlarmRules = (body: AlarmRulesEdit): Promise<Envelope<AlarmRules>> => api.put<AlarmRules>(url, body);

/** Replaces the own alarm rules; the answer is what is in force now. */
export const useSaveAlarmRules = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAlarmRules,
    onSuccess: (envelope) => queryClient.setQueryData(accountKeys.alarmRules(), envelope.result),
  });
};
