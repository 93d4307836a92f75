import { endpointsOfResource, positionResource, splitIds } from '@cellsight/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';

/** Positions offered per search; a longer name narrows them. */
const optionCount = 20;
/** Typing pauses this long before the list is asked again. */
const searchDelayMs = 300;

type PositionPickerProps = Omit<SelectProps<string | string[]>, 'options' | 'mode' | 'value' | 'onChange' | 'showSearch' | 'filterOption'> & {
  /** Position code (what a user's `post` holds), or codes when `multiple`. */
  value?: string | string[] | null;
  onChange?: (value: string | string[] | undefined) => void;
  multiple?: boolean;
};

const listPositions = async (query: Record<string, string | number | undefined>) => (await api.call(endpointsOfResource(positionResource).list, { query })).result.records;

/**
 * Picks positions by name (`/sys/position/list`, spec section 7): the server searches as one types.
 * The chosen positions' names are read by code, so a value shows its name without a search.
 */
export function PositionPicker({ value, onChange, multiple = false, placeholder, ...props }: PositionPickerProps) {
  const { t } = useTranslation('pickers');
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), searchDelayMs);
    return () => clearTimeout(timer);
  }, [typed]);

  const codes = value === null || value === undefined ? [] : Array.isArray(value) ? value : splitIds(value);
  // Under the resource's path: adding or renaming a position refreshes the picker.
  const found = useQuery({
    queryKey: [positionResource.path, 'picker', keyword],
    queryFn: () => listPositions({ name: keyword ? `*${keyword}*` : undefined, pageSize: optionCount, column: 'name', order: 'asc' }),
    placeholderData: keepPreviousData,
  });
  const chosen = useQuery({
    queryKey: [positionResource.path, 'picker', 'codes', codes],
    queryFn: () => listPositions({ code: codes.join(','), pageSize: codes.length }),
    enabled: codes.length > 0,
    staleTime: 60_000,
  });
  const options = new Map<string, string>();
  for (const position of [...(chosen.data ?? []), ...(found.data ?? [])]) options.set(position.code, position.name);

  return (
    <Select<string | string[]>
      allowClear
      style={{ minWidth: 190 }}
      {...props}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      placeholder={placeholder ?? t('position.placeholder')}
      loading={found.isFetching}
      notFoundContent={found.isError ? t('loadFailed') : undefined}
      options={[...options].map(([code, name]) => ({ value: code, label: name }))}
      value={multiple ? codes : codes[0]}
      onChange={(next) => {
        setTyped('');
        onChange?.(next);
      }}
    />
  );
}
