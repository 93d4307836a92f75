import { type DictItemRecord, type DictItemSaveBatch, type DictRecord, DictCode, DictItemStatus, Permission, dictItemGridRules, dictItemResource, dictItemsUpdateArgsSchema, vxeGridPageId } from '@cellsight/contract';
import { App, Button, Space } from 'antd';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EditableGrid, type EditableGridHandle, type GridCellError, type GridColumn, useGridSocket } from '@/kit/editable-grid';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { useFieldLabel } from '@/kit/resource-page';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/notify';
import { useHasPermission } from '@/lib/permissions';
import { fetchDictItems, useDictItems, useSaveDictItems } from '../api/dict-items';

/** One item as the grid edits it: the translations as cells of their own. */
type ItemRow = {
  id?: string;
  itemText: string;
  zhCN: string;
  deDE: string;
  itemValue: string;
  sortOrder: number | string;
  status: string;
  description: string;
};

const toRow = (item: DictItemRecord): ItemRow => ({
  id: item.id,
  itemText: item.itemText,
  zhCN: item.translations['zh-CN'] ?? '',
  deDE: item.translations['de-DE'] ?? '',
  itemValue: item.itemValue,
  sortOrder: item.sortOrder,
  status: String(item.status),
  description: item.description ?? '',
});

/** A new row's cells may never have been touched: they travel as empty text. */
const toWire = (row: Partial<ItemRow>) => ({
  itemText: row.itemText ?? '',
  itemValue: row.itemValue ?? '',
  sortOrder: Number(row.sortOrder),
  status: row.status === '0' ? DictItemStatus.Disabled : DictItemStatus.Enabled,
  description: row.description ?? '',
  translations: { 'zh-CN': row.zhCN ?? '', 'de-DE': row.deDE ?? '' },
});

/** The socket page of one dictionary's items: consoles with it open hear each other's saves. */
export const dictItemsPageId = (dictId: string) => vxeGridPageId('dict-items', dictId);

/**
 * The items of one dictionary in the editable grid: texts in the three languages, value, sort
 * order, status and description edited in place, checked by the contract's grid rules, saved in
 * one request. Another console saving the same dictionary reloads the rows it changed.
 */
export function DictItemsGrid({ dictionary }: { dictionary: DictRecord }) {
  const { t } = useTranslation(['dictionaries', 'grid', 'common']);
  const { message } = App.useApp();
  const label = useFieldLabel(dictItemResource);
  const grid = useRef<EditableGridHandle<ItemRow>>(null);
  const items = useDictItems(dictionary.id);
  const save = useSaveDictItems();
  const canAdd = useHasPermission(Permission.DictAdd);
  const canEdit = useHasPermission(Permission.DictEdit);
  const canDelete = useHasPermission(Permission.DictDelete);

  const rows = useMemo(() => (items.data ?? []).map(toRow), [items.data]);
  const socket = useGridSocket(dictItemsPageId(dictionary.id), async (update) => {
    const args = dictItemsUpdateArgsSchema.safeParse(update.args);
    if (update.socketKey !== dictionary.id || !args.success) return;
    // The message only says which rows changed; their values come from the server.
    const fresh = await fetchDictItems(dictionary.id);
    const changed = new Set(args.data.changed);
    grid.current?.reloadRows(fresh.filter((item) => changed.has(item.id)).map(toRow), args.data.removed);
    void message.info(t('items.reloaded'));
  });

  const columns = useMemo((): GridColumn<ItemRow>[] => {
    const textIn = (language: 'zh-CN' | 'de-DE') => t('items.textIn', { language: t(`common:languages.${language}`) });
    return [
      { key: 'itemText', title: label('itemText'), type: 'input', width: 160, validateRules: dictItemGridRules.itemText },
      { key: 'zhCN', title: textIn('zh-CN'), type: 'input', width: 140 },
      { key: 'deDE', title: textIn('de-DE'), type: 'input', width: 140 },
      { key: 'itemValue', title: label('itemValue'), type: 'input', width: 120, validateRules: dictItemGridRules.itemValue },
      { key: 'sortOrder', title: label('sortOrder'), type: 'inputNumber', width: 100, validateRules: dictItemGridRules.sortOrder },
      { key: 'status', title: label('status'), type: 'select', dictCode: DictCode.DictItemStatus, width: 110, defaultValue: '1' },
      { key: 'description', title: label('description'), type: 'input_pop', width: 160 },
    ];
  }, [label, t]);

  const onSave = async () => {
    const handle = grid.current;
    if (!handle) return;
    const checked = await handle.validate();
    if (!checked.valid) {
      void message.error(t('grid:invalid'));
      return;
    }
    const changes = handle.getChanges();
    if (changes.added.length + changes.updated.length + changes.removed.length === 0) {
      void message.info(t('items.noChanges'));
      return;
    }
    const batch: DictItemSaveBatch = {
      dictId: dictionary.id,
      added: changes.added.map(toWire),
      updated: changes.updated.map((row) => ({ id: String(row.id), ...toWire(row) })),
      removed: changes.removed.map((row) => String(row.id)),
    };
    try {
      const result = await save.mutateAsync(batch);
      void message.success(t('items.saved'));
      socket.send(dictionary.id, { changed: [...result.added, ...batch.updated.map((row) => row.id)], removed: batch.removed });
      await items.refetch();
    } catch (error) {
      // The server's refusals name `added[i].field` / `updated[i].field`: shown on those cells.
      const refused = error instanceof ApiError ? error.errors.flatMap((failure): GridCellError[] => {
        const match = /^(added|updated)\[(\d+)\]\.(\w+)$/.exec(failure.field);
        const row = match ? changes[match[1] as 'added' | 'updated'][Number(match[2])] : undefined;
        const rowKey = row ? handle.rowKeyOf(row) : undefined;
        const field = match?.[3] === 'translations' ? 'zhCN' : match?.[3];
        return rowKey && field ? [{ rowKey, field, message: failure.message }] : [];
      }) : [];
      if (refused.length > 0) handle.showErrors(refused);
      void message.error(errorMessage(error));
    }
  };

  if (items.isError) return <LoadErrorAlert error={items.error} onRetry={() => void items.refetch()} />;
  return (
    <EditableGrid<ItemRow>
      ref={grid}
      data-testid="dict-items-grid"
      columns={columns}
      rows={rows}
      sortKey="sortOrder"
      ordering={canEdit}
      disabled={!(canAdd || canEdit || canDelete) || items.isLoading}
      toolbar={{ add: canAdd, insert: canAdd, remove: canDelete }}
      toolbarExtra={
        <Space>
          <Button type="primary" loading={save.isPending} onClick={() => void onSave()}>
            {t('items.save')}
          </Button>
        </Space>
      }
    />
  );
}
