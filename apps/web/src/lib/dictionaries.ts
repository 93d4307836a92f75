import { type AllDictItems, dictEndpoints } from '@cellsight/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { storedLanguage } from './i18n';
import { session } from './session';

/**
 * Keeps the stored dictionaries in the console's language: the sign-in answer brings them in the
 * language of that moment, so the console fetches them again once per language (choosing another
 * language reloads the page) and stores them for every screen that reads `session.dictItems`.
 */
export const useDictionaries = (): void => {
  const language = storedLanguage();
  useQuery({
    queryKey: ['dictionaries', language],
    queryFn: async (): Promise<AllDictItems> => {
      const { result } = await api.call(dictEndpoints.allItems);
      session.setDictItems(result);
      return result;
    },
    staleTime: Infinity,
  });
};
