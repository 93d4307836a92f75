import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ReportParam } from '@cellsight/contract';
import { Button, Input, Table, type TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';

interface ReportParamsInputProps {
  value?: ReportParam[];
  onChange?: (params: ReportParam[]) => void;
  id?: string;
}

/** The report's `${name}` parameters (onl_cgreport_param): name, label and default. */
export function ReportParamsInput({ value = [], onChange, id }: ReportParamsInputProps) {
  const { t } = useTranslation('reports');
  const change = (index: number, patch: Partial<ReportParam>) => onChange?.(value.map((param, at) => (at === index ? { ...param, ...patch } : param)));
  const columns: TableColumnType<ReportParam>[] = [
    { key: 'paramName', title: t('param.paramName'), render: (_, param, index) => <Input size="small" aria-label={t('param.paramName')} value={param.paramName} onChange={(event) => change(index, { paramName: event.target.value })} /> },
    { key: 'paramTxt', title: t('param.paramTxt'), render: (_, param, index) => <Input size="small" aria-label={t('param.paramTxt')} value={param.paramTxt} onChange={(event) => change(index, { paramTxt: event.target.value })} /> },
    { key: 'paramValue', title: t('param.paramValue'), render: (_, param, index) => <Input size="small" aria-label={t('param.paramValue')} value={param.paramValue ?? ''} onChange={(event) => change(index, { paramValue: event.target.value || null })} /> },
    {
      key: 'remove',
      title: '',
      render: (_, param, index) => <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('removeParam', { name: param.paramName })} onClick={() => onChange?.(value.filter((_one, at) => at !== index))} />,
    },
  ];
  return (
    <div id={id}>
      <Button icon={<PlusOutlined />} style={{ marginBottom: 8 }} onClick={() => onChange?.([...value, { paramName: '', paramTxt: '', paramValue: null }])}>
        {t('addParam')}
      </Button>
      <Table<ReportParam> rowKey={(param) => String(value.indexOf(param))} size="small" columns={columns} dataSource={value} pagination={false} locale={{ emptyText: t('noParams') }} />
    </div>
  );
}
