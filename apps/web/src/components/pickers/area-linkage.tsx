import { type AreaItem, areaEndpoints, areaLevels } from '@cellsight/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Cascader, Input, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';

const areaKey = ['/sys/area'] as const;

/** Whether a saved value is an area code (anything else is text typed before areas were offered). */
export const isAreaCode = (value: string | null | undefined): value is string => typeof value === 'string' && /^\d{6}$/.test(value);

const childrenQuery = (pid: string) => ({
  queryKey: [...areaKey, 'children', pid],
  queryFn: async () => (await api.call(areaEndpoints.children, { query: { pid } })).result,
  staleTime: Infinity,
});

/** A saved code with the areas above it, from the province down. */
export const useAreaPath = (code: string | null | undefined) =>
  useQuery({
    queryKey: [...areaKey, 'path', code ?? ''],
    queryFn: async () => (await api.call(areaEndpoints.path, { query: { code: code ?? '' } })).result,
    enabled: isAreaCode(code),
    staleTime: Infinity,
  });

/** A saved area code as its names ("广东省 / 深圳市 / 福田区"); text that is no area code as it is. */
export function AreaText({ value }: { value: string | null | undefined }) {
  const path = useAreaPath(value);
  if (!isAreaCode(value)) return <>{value ?? ''}</>;
  return <>{path.data ? path.data.map((area) => area.text).join(' / ') : value}</>;
}

interface CascaderOption {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: CascaderOption[];
}
const optionOf = (area: AreaItem): CascaderOption => ({ value: area.id, label: area.text, isLeaf: area.level >= areaLevels });

/** The options with `children` set under the option at `path` (codes from the top). */
const withChildren = (options: CascaderOption[], path: string[], children: CascaderOption[]): CascaderOption[] =>
  options.map((option) => {
    if (option.value !== path[0]) return option;
    if (path.length === 1) return { ...option, children, isLeaf: children.length === 0 };
    return { ...option, children: withChildren(option.children ?? [], path.slice(1), children) };
  });

interface AreaLinkageProps {
  /** 'cascader' (one dropdown, levels side by side) or 'select' (three selects, each filtering the next). */
  type?: 'cascader' | 'select';
  /** The chosen area's code: a province, city or district. */
  value?: string | null;
  onChange?: (code: string | undefined) => void;
  disabled?: boolean;
  id?: string;
}

/** JeecgBoot's JAreaLinkage: provinces, cities and districts (levels 1 to 3) loaded from the server a level at a time. */
export function AreaLinkage({ type = 'cascader', ...props }: AreaLinkageProps) {
  return type === 'cascader' ? <AreaCascader {...props} /> : <AreaSelects {...props} />;
}

function AreaCascader({ value, onChange, disabled, id }: Omit<AreaLinkageProps, 'type'>) {
  const { t } = useTranslation('pickers');
  const queryClient = useQueryClient();
  const [options, setOptions] = useState<CascaderOption[]>([]);
  const path = useAreaPath(value);
  const codes = path.data?.map((area) => area.id) ?? [];

  // The provinces, and the levels down to a saved value, so the value shows with its names.
  const savedPath = codes.join(',');
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      let next = (await queryClient.fetchQuery(childrenQuery(''))).map(optionOf);
      const chain = savedPath === '' ? [] : savedPath.split(',');
      for (let depth = 1; depth < chain.length; depth++) next = withChildren(next, chain.slice(0, depth), (await queryClient.fetchQuery(childrenQuery(chain[depth - 1]!))).map(optionOf));
      if (!cancelled) setOptions(next);
    })().catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [queryClient, savedPath]);

  return (
    <Cascader
      id={id}
      style={{ minWidth: 190 }}
      disabled={disabled}
      options={options}
      changeOnSelect
      placeholder={t('area.placeholder')}
      value={codes.length > 0 ? codes : undefined}
      showSearch={false}
      loadData={async (selected) => {
        const target = selected.at(-1) as CascaderOption | undefined;
        if (!target) return;
        const children = (await queryClient.fetchQuery(childrenQuery(target.value))).map(optionOf);
        setOptions((current) => withChildren(current, selected.map((option) => String(option.value)), children));
      }}
      onChange={(next) => onChange?.(next && next.length > 0 ? String(next.at(-1)) : undefined)}
    />
  );
}

function AreaSelects({ value, onChange, disabled, id }: Omit<AreaLinkageProps, 'type'>) {
  const { t } = useTranslation('pickers');
  const path = useAreaPath(value);
  // Levels chosen so far; a saved value fills them once its path is known.
  const [chosen, setChosen] = useState<string[]>([]);
  useEffect(() => {
    if (!isAreaCode(value)) setChosen([]);
    else if (path.data) setChosen(path.data.map((area) => area.id));
  }, [value, path.data]);

  const provinces = useQuery(childrenQuery(''));
  const cities = useQuery({ ...childrenQuery(chosen[0] ?? ''), enabled: Boolean(chosen[0]) });
  const districts = useQuery({ ...childrenQuery(chosen[1] ?? ''), enabled: Boolean(chosen[1]) });
  const levels = [
    { label: t('area.province'), query: provinces, shown: true },
    { label: t('area.city'), query: cities, shown: Boolean(chosen[0]) },
    { label: t('area.district'), query: districts, shown: Boolean(chosen[1]) && (districts.data?.length ?? 1) > 0 },
  ];
  const pick = (depth: number, code: string | undefined) => {
    const next = code ? [...chosen.slice(0, depth), code] : chosen.slice(0, depth);
    setChosen(next);
    onChange?.(next.at(-1));
  };
  return (
    <Space id={id} wrap>
      {levels.map((level, depth) =>
        level.shown ? (
          <Select
            key={level.label}
            aria-label={level.label}
            placeholder={level.label}
            style={{ minWidth: 150 }}
            disabled={disabled}
            allowClear
            loading={level.query.isFetching}
            value={chosen[depth]}
            options={(level.query.data ?? []).map((area) => ({ value: area.id, label: area.text }))}
            onChange={(code: string | undefined) => pick(depth, code)}
          />
        ) : null,
      )}
    </Space>
  );
}

/**
 * A region field: an area picked from the linkage (stored as its code), or, for places the area
 * list does not hold (outside China, Hong Kong, Macao and Taiwan), a region typed as text. A saved
 * text opens as text; switching clears the value, as the two mean different things.
 */
export function AreaRegionInput({ value, onChange, id, disabled, maxLength }: { value?: string | null; onChange?: (value: string) => void; id?: string; disabled?: boolean; maxLength?: number }) {
  const { t } = useTranslation('pickers');
  const [typed, setTyped] = useState(() => Boolean(value) && !isAreaCode(value));
  return (
    <Space.Compact block>
      {typed ? (
        <Input id={id} disabled={disabled} autoComplete="off" maxLength={maxLength} value={value ?? ''} onChange={(event) => onChange?.(event.target.value)} />
      ) : (
        <AreaLinkage id={id} disabled={disabled} value={value} onChange={(code) => onChange?.(code ?? '')} />
      )}
      <Button
        disabled={disabled}
        onClick={() => {
          setTyped(!typed);
          onChange?.('');
        }}
      >
        {typed ? t('area.pickArea') : t('area.typeText')}
      </Button>
    </Space.Compact>
  );
}
