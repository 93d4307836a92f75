/** Query keys of the account feature. */
export const accountKeys = {
  all: ['account'] as const,
  profile: (userId: string) => [...accountKeys.all, 'profile', userId] as const,
  alarmRules: () => [...accountKeys.all, 'alarm-rules'] as const,
};
