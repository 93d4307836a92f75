import { type CategoryTreeNode, type Language, categoryConditionMessage, categoryEndpoints, categoryResource, wordsIn } from '@cellsight/contract';
import { useQuery } from '@tanstack/react-query';
import { Space, TreeSelect, type TreeSelectProps, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { errorMessage } from '@/lib/notify';
import { useServerFeedback } from '@/lib/server-feedback';

/** A node as the lazy tree holds it (antd's simple mode: a flat list linked by `pId`). */
interface FlatNode {
  id: string;
  pId: string;
  value: string;
  title: string;
  code: string;
  isLeaf: boolean;
  disabled?: boolean;
}

const flat = (node: CategoryTreeNode, disabledCode?: string): FlatNode => ({
  id: node.key,
  pId: node.parentId,
  value: node.value,
  title: node.title,
  code: node.code,
  isLeaf: node.leaf,
  ...(disabledCode && node.code.startsWith(disabledCode) ? { disabled: true } : {}),
});

/** Whether a `condition` is a JSON object text (spec section 5: anything else loads nothing). */
const isJsonObjectText = (condition: string): boolean => {
  try {
    const parsed: unknown = JSON.parse(condition);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
};

type CategorySelectProps = Omit<TreeSelectProps<string | string[]>, 'treeData' | 'value' | 'onChange' | 'multiple' | 'loadData' | 'labelInValue'> & {
  /** Category id, or ids when `multiple` (a comma-joined text is read as ids too, as JeecgBoot stores them). */
  value?: string | string[] | null;
  onChange?: (value: string | string[] | undefined) => void;
  multiple?: boolean;
  /** The code of the node whose children are the top level (none: the whole tree). */
  pcode?: string;
  /** Extra equality filters as a JSON object text, e.g. '{"hasChild":"0"}'. */
  condition?: string;
  /** A code whose subtree may not be picked (moving a node: not under itself). */
  disabledCode?: string;
};

/**
 * JeecgBoot's JTreeSelect / JCategorySelect: the category tree, loaded a level at a time
 * (`loadTreeRoot`, then `loadTreeChildren` as nodes open), one category or several; the names of
 * chosen ids not loaded yet come from `loadDictItem`.
 */
export function CategorySelect({ value, onChange, multiple = false, pcode, condition, disabledCode, placeholder, ...props }: CategorySelectProps) {
  const { t, i18n } = useTranslation('categories');
  const conditionOk = condition === undefined || isJsonObjectText(condition);
  const ids = useMemo(() => (Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? value.split(',') : []), [value]);
  const [children, setChildren] = useState<FlatNode[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const feedback = useServerFeedback();

  const roots = useQuery({
    queryKey: [categoryResource.path, 'treeRoot', pcode ?? '', condition ?? ''],
    queryFn: async () => (await api.call(categoryEndpoints.treeRoot, { query: { async: 'true', pcode, condition } })).result,
    enabled: conditionOk,
  });
  // Children loaded under other roots belong to another tree: start again when the roots change.
  useEffect(() => setChildren([]), [roots.data]);

  const names = useQuery({
    queryKey: [categoryResource.path, 'names', ids.join(',')],
    queryFn: async () => (await api.call(categoryEndpoints.dictItems, { params: { ids: ids.join(',') } })).result,
    enabled: conditionOk && ids.length > 0,
  });

  const treeData = useMemo(() => [...(roots.data ?? []).map((node) => flat(node, disabledCode)), ...children], [roots.data, children, disabledCode]);
  const titleOf = (id: string, index: number) => treeData.find((node) => node.value === id)?.title ?? (names.data?.length === ids.length ? names.data[index] : undefined) ?? id;

  if (!conditionOk) {
    return (
      <Space orientation="vertical" size={2} style={{ width: '100%' }}>
        <TreeSelect disabled status="error" style={{ minWidth: 190 }} placeholder={placeholder ?? t('select.placeholder')} />
        <Typography.Text type="danger" role="alert">
          {wordsIn(categoryConditionMessage, i18n.language as Language)}
        </Typography.Text>
      </Space>
    );
  }

  const selected = ids.map((id, index) => ({ value: id, label: titleOf(id, index) }));
  const failure = loadError ?? (roots.isError ? errorMessage(roots.error) : null);
  return (
    <TreeSelect<string | string[]>
      allowClear
      style={{ minWidth: 190 }}
      {...props}
      treeDataSimpleMode
      treeData={treeData}
      multiple={multiple}
      labelInValue
      placeholder={placeholder ?? t('select.placeholder')}
      loading={roots.isFetching}
      status={failure ? 'error' : undefined}
      notFoundContent={failure ?? undefined}
      value={(multiple ? selected : selected[0]) as never}
      onChange={(next: unknown) => {
        const picked = (Array.isArray(next) ? next : next ? [next] : []) as { value: string }[];
        onChange?.(multiple ? picked.map((item) => item.value) : picked[0]?.value);
      }}
      loadData={async ({ value: pid }) => {
        try {
          const answer = await api.call(categoryEndpoints.treeChildren, { query: { pid: String(pid), condition } });
          setChildren((current) => [...current.filter((node) => node.pId !== pid), ...answer.result.map((node) => flat(node, disabledCode))]);
          setLoadError(null);
        } catch (error) {
          // Spec section 5: a category load failure shows the server's message as an error.
          setLoadError(errorMessage(error));
          feedback.error(error);
        }
      }}
    />
  );
}
