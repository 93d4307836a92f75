import { Button, Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface Row {
  digits: '*' | number;
  pattern: string;
  message: string;
}

/** The rules of a rule text, for editing; a text that is not a list of rules starts an empty list (the contract names what is wrong on save). */
const rowsOf = (value: string | undefined): Row[] => {
  try {
    const parsed: unknown = JSON.parse(value ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.map((item: Record<string, unknown>) => ({
      digits: item.digits === '*' ? '*' : Number(item.digits) || 1,
      pattern: String(item.pattern ?? ''),
      message: String(item.message ?? ''),
    }));
  } catch {
    return [];
  }
};

/**
 * Edits `rule_json` as rows (JeecgBoot's rule designer): each row reads the next `digits`
 * characters, or the whole value with "all", and must match its pattern in full; the form field
 * keeps the JSON text the contract validates.
 */
export function CheckRuleRowsEditor({ value, onChange, id }: { value?: string; onChange?: (value: string) => void; id?: string }) {
  const { t } = useTranslation('check-rules');
  const rows = rowsOf(value);
  const set = (next: Row[]) => onChange?.(JSON.stringify(next));
  const change = (index: number, patch: Partial<Row>) => set(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  return (
    <Space id={id} orientation="vertical" style={{ width: '100%' }}>
      <Table<Row & { index: number }>
        size="small"
        pagination={false}
        rowKey="index"
        dataSource={rows.map((row, index) => ({ ...row, index }))}
        locale={{ emptyText: t('rows.empty') }}
        columns={[
          {
            title: t('rows.digits'),
            width: 190,
            render: (_, row) => (
              <Space.Compact>
                <Select
                  aria-label={t('rows.digitsKind')}
                  value={row.digits === '*' ? 'all' : 'count'}
                  style={{ width: 90 }}
                  options={[
                    { value: 'count', label: t('rows.count') },
                    { value: 'all', label: t('rows.all') },
                  ]}
                  onChange={(kind) => change(row.index, { digits: kind === 'all' ? '*' : 1 })}
                />
                {row.digits !== '*' && <InputNumber aria-label={t('rows.digits')} min={1} max={200} precision={0} value={row.digits} style={{ width: 80 }} onChange={(digits) => change(row.index, { digits: digits ?? 1 })} />}
              </Space.Compact>
            ),
          },
          { title: t('rows.pattern'), render: (_, row) => <Input aria-label={t('rows.pattern')} value={row.pattern} placeholder="\d{4}" onChange={(event) => change(row.index, { pattern: event.target.value })} /> },
          { title: t('rows.message'), render: (_, row) => <Input aria-label={t('rows.message')} value={row.message} onChange={(event) => change(row.index, { message: event.target.value })} /> },
          {
            title: '',
            width: 70,
            render: (_, row) => (
              <Button type="link" size="small" danger onClick={() => set(rows.filter((_, at) => at !== row.index))}>
                {t('rows.remove')}
              </Button>
            ),
          },
        ]}
      />
      <Space>
        <Button size="small" onClick={() => set([...rows, { digits: 1, pattern: '', message: '' }])}>
          {t('rows.add')}
        </Button>
        <Typography.Text type="secondary">{t('rows.hint')}</Typography.Text>
      </Space>
    </Space>
  );
}
