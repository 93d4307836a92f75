import type { LegalKind, LegalText, LegalTextEdit } from '@cellsight/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const legalKeys = { all: ['/sys/legal'] as const };

/** GET /sys/public/legal: one text in the console's language (public). */
export const usePublicLegalText = (kind: LegalKind, language: string) =>
  useQuery({ queryKey: [...legalKeys.all, 'public', kind, language], queryFn: async () => (await api.get<LegalText>('/sys/public/legal', { kind, language })).result });

/** GET /sys/legal/list: both texts in every language, for the editor. */
export const useLegalTexts = () => useQuery({ queryKey: [...legalKeys.all, 'list'], queryFn: async () => (await api.get<LegalText[]>('/sys/legal/list')).result });

/** PUT /sys/legal/edit: one text in one language; every legal query reads again. */
export const useEditLegalText = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (edit: LegalTextEdit) => (await api.put<null>('/sys/legal/edit', edit)).result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: legalKeys.all }),
  });
};
