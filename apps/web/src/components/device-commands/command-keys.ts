/** Query keys of remote commands: under the command path, which live command events invalidate. */
export const commandKeys = {
  all: ['/want/command'] as const,
  one: (id: string) => [...commandKeys.all, 'one', id] as const,
};
