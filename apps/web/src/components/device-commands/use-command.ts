import { type CommandRecord, commandEndpoints } from '@cellsight/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { commandKeys } from './command-keys';

/** A command's outcome is known: the device gave its final answer, or it timed out (an upgrade is acknowledged long before it finishes). */
export const isFinished = (command: Pick<CommandRecord, 'finishedAt'>): boolean => command.finishedAt !== null;

/** Live events say when a command moves on; while it is under way it is also read again this often, in case an event is missed. */
export const commandPollMs = 3_000;

/** GET /want/command/queryById: one remote command and where it is (pending → sent → acknowledged | failed | timed out). */
export const useCommand = (id: string | null) =>
  useQuery({
    queryKey: commandKeys.one(id ?? ''),
    queryFn: async (): Promise<CommandRecord> => (await api.call(commandEndpoints.queryById, { query: { id: id ?? '' } })).result,
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data) ? false : commandPollMs),
  });
