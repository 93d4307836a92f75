import { DeleteOutlined, PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { type ParsedSql, type ReportItem, type ReportParam, reportFieldTypes, reportSearchModes } from '@cellsight/contract';
import { App, Button, Checkbox, Form, Input, InputNumber, Select, Space, Table, type TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors, useServerFeedback } from '@/lib/server-feedback';
import { useParseSql } from '../api/report-api';

interface ReportItemsInputProps {
  value?: ReportItem[];
  onChange?: (items: ReportItem[]) => void;
  id?: string;
}

const newItem = (fieldName: string, fieldType: ReportItem['fieldType'], orderNum: number): ReportItem => ({
  fieldName,
  fieldTxt: fieldName,
  fieldType,
  isShow: 1,
  isSearch: 0,
  searchMode: 'single',
  dictCode: null,
  orderNum,
  isTotal: 0,
});

/**
 * The parsed columns with what was already set for them kept (headings, search, dictionary); new
 * columns added after them, columns the query no longer has dropped.
 */
export const mergeParsedColumns = (items: readonly ReportItem[], parsed: ParsedSql['columns']): ReportItem[] => {
  const known = new Map(items.map((item) => [item.fieldName, item]));
  return parsed.map((column, index) => {
    const existing = known.get(column.fieldName);
    return existing ? { ...existing, fieldType: column.fieldType } : newItem(column.fieldName, column.fieldType, index);
  });
};

/** The parameters of the query: those already declared kept, new placeholders added. */
export const mergeParsedParams = (params: readonly ReportParam[], names: readonly string[]): ReportParam[] => {
  const known = new Map(params.map((param) => [param.paramName, param]));
  return names.map((name) => known.get(name) ?? { paramName: name, paramTxt: name, paramValue: null });
};

/**
 * The report's columns (onl_cgreport_item) as an editable grid, with "Parse SQL", which runs the
 * form's SQL with no rows and fills the columns (and the parameters) from its answer.
 */
export function ReportItemsInput({ value = [], onChange, id }: ReportItemsInputProps) {
  const { t } = useTranslation('reports');
  const { message } = App.useApp();
  const feedback = useServerFeedback();
  const form = Form.useFormInstance();
  const parse = useParseSql();
  const items = value;
  const change = (index: number, patch: Partial<ReportItem>) => onChange?.(items.map((item, at) => (at === index ? { ...item, ...patch } : item)));

  const parseSql = async () => {
    const cgrSql = String(form.getFieldValue('cgrSql') ?? '').trim();
    if (!cgrSql) {
      form.setFields([{ name: 'cgrSql', errors: [t('sqlFirst')] }]);
      return;
    }
    try {
      const parsed = await parse.mutateAsync({ cgrSql, dbSource: (form.getFieldValue('dbSource') as string | undefined) || null });
      onChange?.(mergeParsedColumns(items, parsed.columns));
      form.setFieldValue('params', mergeParsedParams((form.getFieldValue('params') as ReportParam[] | undefined) ?? [], parsed.params));
      form.setFields([{ name: 'cgrSql', errors: [] }]);
      void message.success(t('parsed', { count: parsed.columns.length }));
    } catch (error) {
      // The database's refusal belongs to the SQL field.
      if (!applyServerFieldErrors(form, error, ['cgrSql', 'dbSource'])) feedback.error(error);
    }
  };

  const columns: TableColumnType<ReportItem>[] = [
    { key: 'fieldName', title: t('item.fieldName'), render: (_, item, index) => <Input size="small" aria-label={t('item.fieldName')} value={item.fieldName} onChange={(event) => change(index, { fieldName: event.target.value })} /> },
    { key: 'fieldTxt', title: t('item.fieldTxt'), render: (_, item, index) => <Input size="small" aria-label={t('item.fieldTxt')} value={item.fieldTxt} onChange={(event) => change(index, { fieldTxt: event.target.value })} /> },
    {
      key: 'fieldType',
      title: t('item.fieldType'),
      render: (_, item, index) => (
        <Select size="small" aria-label={t('item.fieldType')} value={item.fieldType} style={{ width: 110 }} options={reportFieldTypes.map((type) => ({ value: type, label: t(`fieldType.${type}`) }))} onChange={(fieldType) => change(index, { fieldType })} />
      ),
    },
    { key: 'isShow', title: t('item.isShow'), align: 'center', render: (_, item, index) => <Checkbox aria-label={t('item.isShow')} checked={item.isShow === 1} onChange={(event) => change(index, { isShow: event.target.checked ? 1 : 0 })} /> },
    { key: 'isSearch', title: t('item.isSearch'), align: 'center', render: (_, item, index) => <Checkbox aria-label={t('item.isSearch')} checked={item.isSearch === 1} onChange={(event) => change(index, { isSearch: event.target.checked ? 1 : 0 })} /> },
    {
      key: 'searchMode',
      title: t('item.searchMode'),
      render: (_, item, index) => (
        <Select size="small" aria-label={t('item.searchMode')} value={item.searchMode} style={{ width: 100 }} options={reportSearchModes.map((mode) => ({ value: mode, label: t(`searchMode.${mode}`) }))} onChange={(searchMode) => change(index, { searchMode })} />
      ),
    },
    { key: 'dictCode', title: t('item.dictCode'), render: (_, item, index) => <Input size="small" aria-label={t('item.dictCode')} value={item.dictCode ?? ''} onChange={(event) => change(index, { dictCode: event.target.value || null })} /> },
    { key: 'orderNum', title: t('item.orderNum'), render: (_, item, index) => <InputNumber size="small" aria-label={t('item.orderNum')} min={0} max={9999} value={item.orderNum} onChange={(orderNum) => change(index, { orderNum: Number(orderNum ?? 0) })} style={{ width: 70 }} /> },
    { key: 'isTotal', title: t('item.isTotal'), align: 'center', render: (_, item, index) => <Checkbox aria-label={t('item.isTotal')} checked={item.isTotal === 1} onChange={(event) => change(index, { isTotal: event.target.checked ? 1 : 0 })} /> },
    {
      key: 'remove',
      title: '',
      render: (_, item, index) => <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('removeColumn', { name: item.fieldName })} onClick={() => onChange?.(items.filter((_one, at) => at !== index))} />,
    },
  ];

  return (
    <div id={id}>
      <Space style={{ marginBottom: 8 }}>
        <Button icon={<ThunderboltOutlined />} loading={parse.isPending} onClick={() => void parseSql()}>
          {t('parseSql')}
        </Button>
        <Button icon={<PlusOutlined />} onClick={() => onChange?.([...items, newItem('', 'String', items.length)])}>
          {t('addColumn')}
        </Button>
      </Space>
      <Table<ReportItem> rowKey={(_item) => String(items.indexOf(_item))} size="small" columns={columns} dataSource={items} pagination={false} scroll={{ x: 'max-content' }} locale={{ emptyText: t('noColumns') }} />
    </div>
  );
}
