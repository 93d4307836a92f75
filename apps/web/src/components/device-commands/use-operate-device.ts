import { type CommandRecord, type OperateRequest, commandEndpoints } from '@cellsight/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /want/device/operate: the server signs and sends the command; the answer is the stored command (pending or sent). */
export const operateDevice = async (body: OperateRequest): Promise<CommandRecord> => (await api.call(commandEndpoints.operate, { body })).result;

export const useOperateDevice = () => useMutation({ mutationFn: operateDevice });
