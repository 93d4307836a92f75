import { DictCode } from '@cellsight/contract';
import type { TFunction } from 'i18next';
import { session } from '@/lib/session';

/** Gender options: the 'sex' dictionary from the login answer, else the built-in 1 male / 2 female. */
export const sexOptions = (t: TFunction<'account'>): { value: number; label: string }[] => {
  const items = session.dictItems[DictCode.Sex];
  if (items && items.length > 0) return items.map((item) => ({ value: Number(item.value), label: item.text }));
  return [
    { value: 1, label: t('profile.male') },
    { value: 2, label: t('profile.female') },
  ];
};

/** Narrows a form value to the wire's 1 | 2 | null. */
export const toSex = (value: number | null | undefined): 1 | 2 | null => (value === 1 ? 1 : value === 2 ? 2 : null);
