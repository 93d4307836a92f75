import { type Language, type Resource, type Words, wordsIn } from '@cellsight/contract';
import { useTranslation } from 'react-i18next';

/** The label of a resource field in the console's language. */
export const useFieldLabel = (resource: Resource) => {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  return (field: string): string => {
    const words = (resource.labels as Record<string, Words | undefined>)[field] ?? resource.searchParams?.[field];
    return words ? wordsIn(words, language) : field;
  };
};
