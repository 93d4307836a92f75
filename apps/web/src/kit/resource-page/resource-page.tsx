import { DeleteOutlined, DownOutlined, DownloadOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { type Language, type ListColumns, type Resource, exportRowsMax, wordsIn } from '@cellsight/contract';
import { App, Button, Card, Dropdown, Flex, Form, Input, Popconfirm, Space, Table, type TableColumnType, type TableProps } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdvancedQuery, type AdvancedQueryValue } from '@/kit/advanced-query';
import { useContextMenu } from '@/components/context-menu';
import { DictSelect, DictTag, dictOptions } from '@/components/dict-select';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { SearchForm } from '@/kit/search-form';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { type SearchField, type SearchValue, advancedQueryParams, searchFilterNames, searchFormFilters, searchFormValues, toListQuery, useListState } from '@/kit/list-state';
import { useHasPermission } from '@/lib/permissions';
import { useUserInfo } from '@/lib/use-session';
import { serverTable, sortOrderOf } from '@/kit/server-table';
import { useServerFeedback } from '@/lib/server-feedback';
import { type ListQueryParams, type RecordOf, importErrorsOf, useResourceExport, useResourceList, useResourceMutations } from './resource-api';
import type { FieldInputs, ResourceForm } from './resource-form';
import { useFieldLabel } from './field-label';
import { ResourceFormDialog, preloadFormDialog } from './form-dialog';
import { DateRangeInput } from './date-range-input';
import { NumberRangeInput } from './number-range-input';
import { ImportButton } from './import-button';
import { ImportReportOnDemand } from './import-report-on-demand';

/** A table column: a record field (label, sort and dictionary tag from the resource), optionally with its own cell. */
export interface ResourceColumn<Row> {
  field: string;
  /** The heading of a column that is no record field (shown from several fields); the field's label otherwise. */
  title?: ReactNode;
  render?: (row: Row) => ReactNode;
  width?: number;
}

export interface ResourcePageProps<R extends Resource> {
  resource: R;
  columns: readonly (string | ResourceColumn<RecordOf<R>>)[];
  /** Search inputs above the table, each with the rule it applies (`like` for partial text). */
  search?: readonly SearchField[];
  /** Search inputs other than the default (a text input, or a dictionary select). */
  searchInputs?: FieldInputs;
  /** The add and edit form: which add-schema fields it shows, their inputs, extra values. */
  form?: ResourceForm<RecordOf<R>>;
  /** Actions of a row after Edit and Delete. */
  rowActions?: (row: RecordOf<R>) => ReactNode;
  /** Buttons after the toolbar's own; given the selected rows for batch actions of the screen's own. */
  toolbar?: ReactNode | ((selection: { selected: string[]; clear: () => void }) => ReactNode);
  /** A screen's own add/edit dialog, where the generated form is not enough (the Users form). */
  renderForm?: (slot: { record: RecordOf<R> | null; open: boolean; onClose: () => void; afterClose: () => void }) => ReactNode;
  /** Parameters every list call carries (a nested list's parent), also sent with each save. */
  fixedQuery?: ListQueryParams;
  /** Parameters the list carries only while nothing is searched: a tree's top level (`pid=0`), which a search looks past to every level. */
  browseQuery?: ListQueryParams;
  /** A list inside a dialog or drawer keeps its state in memory, not in the URL. */
  inUrl?: boolean;
  /** A title other than the resource's; false for none (nested lists). */
  title?: ReactNode | false;
  /** The row's key where the record has no `id` (selection and delete send it as the id). */
  rowKey?: (row: RecordOf<R>) => string;
  /** Rows that open to show more below them. */
  expandable?: TableProps<RecordOf<R>>['expandable'];
  /** Re-reads the shown page this often (ms): live figures that no event announces. */
  refreshMs?: number;
  /** Rows can be selected for the screen's own batch actions (`toolbar`), beside batch delete and export. */
  selectable?: boolean;
  /** Which rows offer Edit (a published announcement is no longer edited); every row by default. */
  canEdit?: (row: RecordOf<R>) => boolean;
  /** Which rows offer Delete (a file still in use cannot be deleted); every row by default. */
  canDelete?: (row: RecordOf<R>) => boolean;
}

const emptyPermission = '';

/**
 * A resource's screen: search bar with the advanced query, toolbar (add, export, import, batch
 * delete, each only with its permission; batch delete only with selected rows), a table paged and
 * sorted by the server (10 per page, 10/20/30, quick jumper), row actions, the add/edit dialog,
 * and the same loading, empty and error states on every screen. The page state lives in the URL.
 */
export function ResourcePage<R extends Resource>({ resource, columns, search = [], searchInputs = {}, form, renderForm, rowActions, toolbar, fixedQuery, browseQuery, inUrl = true, title, rowKey, expandable, refreshMs, selectable = false, canEdit, canDelete }: ResourcePageProps<R>) {
  type Row = RecordOf<R>;
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const feedback = useServerFeedback();
  const label = useFieldLabel(resource);
  const keyOf = rowKey ?? ((record: Row) => String((record as { id: string }).id));
  const listColumns = resource.columns as ListColumns;
  const dictionaries = (resource.dictionaries ?? {}) as Record<string, string | undefined>;
  const { permissions } = resource;
  // A demo account may look but not change (spec section 6): no writing action is offered to it
  // (the server refuses them anyway, 403 / 4036).
  const writes = !(useUserInfo()?.demo ?? false);
  const held = {
    add: useHasPermission(permissions.add ?? emptyPermission),
    edit: useHasPermission(permissions.edit ?? emptyPermission),
    remove: useHasPermission(permissions.delete ?? emptyPermission),
    export: useHasPermission(permissions.export ?? emptyPermission),
    import: useHasPermission(permissions.import ?? emptyPermission),
  };
  const can = {
    add: writes && held.add && Boolean(permissions.add && resource.add && (form || renderForm)),
    edit: writes && held.edit && Boolean(permissions.edit && resource.edit && (form || renderForm)),
    remove: writes && held.remove && Boolean(permissions.delete),
    export: held.export && Boolean(permissions.export),
    import: writes && held.import && Boolean(permissions.import),
  };

  const config = useMemo(
    () => ({
      sortable: Object.entries(listColumns).filter(([, c]) => c.sortable !== false).map(([name]) => name),
      defaultSort: resource.defaultSort,
      filters: [...search.flatMap(searchFilterNames), ...advancedQueryParams],
    }),
    // The resource and the search fields are module constants of each screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [resource],
  );
  const { state, setPage, setSort, search: applySearch, reset } = useListState(config, { inUrl });
  const searching = Object.values(state.filters).some((value) => typeof value === 'string' && value.trim() !== '');
  const query = { ...toListQuery(state, search), ...(searching ? {} : browseQuery), ...fixedQuery };
  const list = useResourceList(resource, query, true, refreshMs);
  const { remove, importFile } = useResourceMutations(resource);
  const exportSheet = useResourceExport(resource);
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<{ record: Row | null; open: boolean } | null>(null);
  const [importErrors, setImportErrors] = useState<ReturnType<typeof importErrorsOf> | null>(null);
  const [searchForm] = Form.useForm<Record<string, SearchValue>>();

  // After the last rows of the last page were deleted or filtered away, step back to a page with rows.
  const lastPage = list.data ? Math.max(1, Math.ceil(list.data.total / state.pageSize)) : 1;
  useEffect(() => {
    if (list.data && list.data.records.length === 0 && state.pageNo > lastPage) setPage(lastPage, state.pageSize);
  }, [list.data, state.pageNo, state.pageSize, lastPage, setPage]);

  const deleteRows = async (ids: string[]) => {
    try {
      feedback.success(await remove.mutateAsync(ids), t('resource.deleted'));
      setSelected((current) => current.filter((id) => !ids.includes(id)));
    } catch (error) {
      feedback.error(error);
    }
  };

  const download = async (format: 'xlsx' | 'csv') => {
    // The server refuses it too; saying so here is faster and in the user's language.
    if (selected.length === 0 && (list.data?.total ?? 0) > exportRowsMax) {
      void message.warning(t('resource.exportTooLarge', { max: exportRowsMax }));
      return;
    }
    try {
      await exportSheet.mutateAsync({ query, selections: selected, format });
    } catch (error) {
      feedback.error(error);
    }
  };

  const upload = async (file: File) => {
    try {
      const envelope = await importFile.mutateAsync(file);
      const imported = (envelope.result as { imported?: number } | null)?.imported ?? 0;
      void message.success(t('resource.imported', { count: imported }));
    } catch (error) {
      const rows = error instanceof ApiError ? importErrorsOf(error.errors) : [];
      if (rows.length > 0) setImportErrors(rows);
      else feedback.error(error);
    }
  };

  const advancedFields = Object.entries(listColumns)
    .filter(([, c]) => c.filterable !== false)
    .map(([name, c]) => {
      const dictionary = dictionaries[name];
      return { name, label: label(name), type: c.type, ...(dictionary ? { options: dictOptions(dictionary).map((o) => ({ value: o.value, label: o.text })) } : {}) };
    });
  const advanced: AdvancedQueryValue | null = state.filters.superQueryParams
    ? { superQueryParams: state.filters.superQueryParams, superQueryMatchType: state.filters.superQueryMatchType === 'or' ? 'or' : 'and' }
    : null;
  const setAdvanced = (value: AdvancedQueryValue | null) => applySearch({ ...state.filters, superQueryParams: value?.superQueryParams, superQueryMatchType: value?.superQueryMatchType });

  const tableColumns: TableColumnType<Row>[] = columns.map((column) => {
    const { field, title: heading, render, width } = typeof column === 'string' ? { field: column, title: undefined, render: undefined, width: undefined } : column;
    const definition = listColumns[field];
    const dictionary = dictionaries[field];
    const row = (value: Row) => value as Record<string, unknown>;
    return {
      key: field,
      dataIndex: field,
      title: heading ?? label(field),
      width,
      ...(definition && definition.sortable !== false ? { sorter: true, sortOrder: sortOrderOf(state.sort, field) } : {}),
      render: (_value: unknown, record: Row) => {
        if (render) return render(record);
        const value = row(record)[field];
        if (dictionary) return <DictTag code={dictionary} value={value as string} text={row(record)[`${field}_dictText`] as string | null} />;
        if (definition?.type === 'date') return formatDateTime(value as string | null);
        return value as ReactNode;
      },
    };
  });
  if (can.edit || can.remove || rowActions) {
    tableColumns.push({
      key: 'actions',
      title: t('resource.actions'),
      fixed: 'end',
      render: (_value: unknown, record: Row) => (
        <Space size={0} wrap>
          {can.edit && (canEdit?.(record) ?? true) && (
            <Button type="link" size="small" onClick={() => setEditing({ record, open: true })} onPointerEnter={preloadForm} onFocus={preloadForm}>
              {t('resource.edit')}
            </Button>
          )}
          {rowActions?.(record)}
          {can.remove && (canDelete?.(record) ?? true) && (
            <Popconfirm title={t('resource.confirmDelete', { count: 1 })} okText={t('ok')} cancelText={t('cancel')} onConfirm={() => deleteRows([keyOf(record)])}>
              <Button type="link" size="small" danger>
                {t('resource.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    });
  }

  // The kit's own dialog downloads when the pointer or focus reaches a button that opens it.
  const preloadForm = form && !renderForm && (can.add || can.edit) ? preloadFormDialog : undefined;

  // Right-click on a row (spec section 2: context menu): its edit and delete, and reloading the list.
  const rowMenu = useContextMenu<Row>((record) => [
    ...(can.edit && (canEdit?.(record) ?? true) ? [{ key: 'edit', icon: <EditOutlined />, label: t('resource.edit'), onClick: () => setEditing({ record, open: true }) }] : []),
    ...(can.remove && (canDelete?.(record) ?? true)
      ? [
          {
            key: 'delete',
            danger: true,
            icon: <DeleteOutlined />,
            label: t('resource.delete'),
            onClick: () => void modal.confirm({ title: t('resource.confirmDelete', { count: 1 }), okText: t('ok'), cancelText: t('cancel'), okButtonProps: { danger: true }, onOk: () => deleteRows([keyOf(record)]) }),
          },
        ]
      : []),
    { key: 'reload', icon: <ReloadOutlined />, label: t('resource.reload'), onClick: () => void list.refetch() },
  ]);

  const table = serverTable<Row, string>({ state, setPage, setSort }, { sortable: config.sortable, total: list.data?.total ?? 0 });

  const searchValues = searchFormValues(state.filters, search);
  const heading = title === false ? undefined : (title ?? wordsIn(resource.title, i18n.language as Language));

  return (
    <Card title={heading} variant={title === false ? 'borderless' : 'outlined'} styles={title === false ? { body: { padding: 0 } } : undefined}>
      {(search.length > 0 || advancedFields.length > 0) && (
        <Flex align="start" wrap gap="middle" style={{ marginBottom: 16 }}>
          {search.length > 0 && (
            <SearchForm form={searchForm} name={`${resource.table}-search`} label={t('resource.searchLabel', { title: wordsIn(resource.title, i18n.language as Language) })} values={searchValues} onSearch={(values) => applySearch({ ...searchFormFilters(values, search), superQueryParams: state.filters.superQueryParams, superQueryMatchType: state.filters.superQueryMatchType })} onReset={reset}>
              {search.map(({ field, range }) => (
                <Form.Item key={field} name={field} label={label(field)}>
                  {searchInputs[field] ?? (range === 'number' ? <NumberRangeInput aria-label={label(field)} /> : range ? <DateRangeInput /> : dictionaries[field] ? <DictSelect code={dictionaries[field]} style={{ minWidth: 140 }} /> : <Input allowClear autoComplete="off" />)}
                </Form.Item>
              ))}
            </SearchForm>
          )}
          <AdvancedQuery fields={advancedFields} storageKey={`${resource.path}/list`} value={advanced} onChange={setAdvanced} />
        </Flex>
      )}
      <Flex wrap gap="small" align="center" style={{ marginBottom: 16 }}>
        {can.add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ record: null, open: true })} onPointerEnter={preloadForm} onFocus={preloadForm}>
            {t('resource.addTitle', { name: wordsIn(resource.recordName ?? resource.title, i18n.language as Language) })}
          </Button>
        )}
        {can.export && (
          <Space.Compact>
            <Button icon={<DownloadOutlined />} loading={exportSheet.isPending} onClick={() => void download('xlsx')}>
              {selected.length > 0 ? t('resource.exportSelected') : t('resource.export')}
            </Button>
            <Dropdown menu={{ items: [{ key: 'csv', label: t('resource.exportCsv'), onClick: () => void download('csv') }] }} disabled={exportSheet.isPending}>
              <Button icon={<DownOutlined />} aria-label={t('resource.exportFormats')} />
            </Dropdown>
          </Space.Compact>
        )}
        {can.import && <ImportButton loading={importFile.isPending} onFile={(file) => void upload(file)} />}
        {typeof toolbar === 'function' ? toolbar({ selected, clear: () => setSelected([]) }) : toolbar}
        {selected.length > 0 && can.remove && (
          <>
            <Popconfirm title={t('resource.confirmDelete', { count: selected.length })} okText={t('ok')} cancelText={t('cancel')} onConfirm={() => deleteRows(selected)}>
              <Button danger icon={<DeleteOutlined />}>
                {t('resource.deleteSelected')}
              </Button>
            </Popconfirm>
            <span aria-live="polite">{t('resource.selected', { count: selected.length })}</span>
            <Button type="link" onClick={() => setSelected([])}>
              {t('resource.clearSelection')}
            </Button>
          </>
        )}
      </Flex>
      {list.isError && <LoadErrorAlert error={list.error} onRetry={() => void list.refetch()} style={{ marginBottom: 16 }} />}
      <Table<Row>
        rowKey={keyOf}
        columns={tableColumns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        onChange={table.onChange}
        scroll={{ x: 'max-content' }}
        expandable={expandable}
        rowSelection={can.remove || can.export || selectable ? { selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: (keys) => setSelected(keys.map(String)) } : undefined}
        pagination={table.pagination}
        locale={{ emptyText: t('resource.empty') }}
        onRow={(record) => ({
          onContextMenu: (event) => {
            preloadForm?.();
            rowMenu.onContextMenu(event, record);
          },
        })}
      />
      {rowMenu.menu}
      {editing && renderForm?.({ ...editing, onClose: () => setEditing((slot) => slot && { ...slot, open: false }), afterClose: () => setEditing(null) })}
      {editing && form && !renderForm && (
        <ResourceFormDialog
          resource={resource}
          form={form}
          record={editing.record}
          fixedValues={fixedQuery}
          open={editing.open}
          onClose={() => setEditing((slot) => slot && { ...slot, open: false })}
          afterClose={() => setEditing(null)}
        />
      )}
      <ImportReportOnDemand errors={importErrors} label={label} onClose={() => setImportErrors(null)} />
    </Card>
  );
}
