import { DictCode, UserStatus } from '@cellsight/contract';
import type { TFunction } from 'i18next';
import { session } from '@/lib/session';

export interface Option<V> {
  value: V;
  label: string;
}

/** Gender options: the 'sex' dictionary from the login answer, else the built-in 1 male / 2 female. */
export const sexOptions = (t: TFunction<'users'>): Option<number>[] => {
  const items = session.dictItems[DictCode.Sex];
  if (items && items.length > 0) return items.map((item) => ({ value: Number(item.value), label: item.text }));
  return [
    { value: 1, label: t('sex.male') },
    { value: 2, label: t('sex.female') },
  ];
};

export const statusOptions = (t: TFunction<'users'>): Option<number>[] => [
  { value: UserStatus.Normal, label: t('status.normal') },
  { value: UserStatus.Frozen, label: t('status.frozen') },
];
