import { type Language, type LegalKind, type LegalTextEdit, legalEndpoints } from '@cellsight/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const legalKeys = { all: ['/sys/legal'] as const };

/** GET /sys/public/legal: one text in the console's language (public). */
export const usePublicLegalText = (kind: LegalKind, language: Language) =>
  useQuery({ queryKey: [...legalKeys.all, 'public', kind, language], queryFn: async () => (await api.call(legalEndpoints.text, { query: { kind, language } })).result });

/** GET /sys/legal/list: both texts in every language, for the editor. */
export const useLegalTexts = () => useQuery({ queryKey: [...legalKeys.all, 'list'], queryFn: async () => (await api.call(legalEndpoints.list)).result });

/** PUT /sys/legal/edit: one text in one language; every legal query reads again. */
export const useEditLegalText = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (edit: LegalTextEdit) => (await api.call(legalEndpoints.edit, { body: edit })).result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: legalKeys.all }),
  });
};
