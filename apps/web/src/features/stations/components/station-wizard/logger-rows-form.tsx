import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { limits, wizardLoggerRowSchema } from '@cellsight/contract';
import { App, Button, Flex, Form, type FormInstance, type FormRule, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LoggerRow, LoggerRowField } from '../../api/check-station-loggers';

export interface LoggerRowsValues {
  loggers: LoggerRow[];
}

export const emptyRow = (): LoggerRow => ({ gsn: '', key: '', product_code: '' });

/** The rows as entered, trimmed: what the checks and the station are sent. */
export const trimmedRows = (values: Partial<LoggerRowsValues>): LoggerRow[] =>
  (values.loggers ?? []).map((row) => ({ gsn: (row?.gsn ?? '').trim(), key: (row?.key ?? '').trim(), product_code: (row?.product_code ?? '').trim() }));

interface LoggerRowsFormProps {
  form: FormInstance<LoggerRowsValues>;
  /** Step 0 edits whole rows; step 1 ("product registration codes") only each row's product code. */
  mode: 'loggers' | 'codes';
  initialRows?: LoggerRow[];
  disabled?: boolean;
}

/**
 * The wizard's logger rows (spec section 5): Logger SN, registration key and battery module SN
 * (product code), each required; SNs and product codes each entered once; 1 to 32 rows, the delete
 * button only while there is more than one.
 */
export function LoggerRowsForm({ form, mode, initialRows, disabled = false }: LoggerRowsFormProps) {
  const { t } = useTranslation('stations');
  const { message } = App.useApp();
  const editingRows = mode === 'loggers';

  /** The contract's own pattern of a field, with the wizard's words for it. */
  const formatRule = (field: 'gsn' | 'product_code', text: string): FormRule => ({
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || value.trim() === '') return;
      if (!wizardLoggerRowSchema.shape[field].safeParse(value).success) throw new Error(text);
    },
  });
  const uniqueRule = (field: 'gsn' | 'product_code'): FormRule => ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const own = typeof value === 'string' ? value.trim() : '';
      if (!own) return;
      const rows = (getFieldValue('loggers') as Partial<LoggerRow>[] | undefined) ?? [];
      if (rows.filter((row) => (row?.[field] ?? '').trim() === own).length > 1) throw new Error(t('wizard.repeated', { val: own }));
    },
  });
  const rowLabel = (field: LoggerRowField, row: number) => t('wizard.rowField', { field: t(`wizard.fields.${field}`), row: row + 1 });

  return (
    <Form form={form} name="station-loggers" layout="vertical" initialValues={{ loggers: initialRows ?? [emptyRow()] }} disabled={disabled} autoComplete="off">
      <Form.List name="loggers">
        {(fields, { add, remove }) => {
          // A row's SN and product code are checked against the others' whenever those change.
          const others = (field: 'gsn' | 'product_code', own: number) => fields.filter((f) => f.name !== own).map((f) => ['loggers', f.name, field]);
          return (
            <Flex vertical gap={4}>
              {fields.map((field, index) => (
                <Flex key={field.key} gap="small" align="start" wrap role="group" aria-label={t('wizard.row', { row: index + 1 })}>
                  <Typography.Text strong style={{ width: 32, paddingTop: index === 0 ? 34 : 5 }}>
                    {index + 1}
                  </Typography.Text>
                  {!editingRows && (
                    <Form.Item label={index === 0 ? t('wizard.fields.gsn') : undefined} style={{ width: 240 }}>
                      <Typography.Text code>{form.getFieldValue(['loggers', field.name, 'gsn']) as string}</Typography.Text>
                    </Form.Item>
                  )}
                  <Form.Item
                    name={[field.name, 'gsn']}
                    label={index === 0 ? t('wizard.fields.gsn') : undefined}
                    hidden={!editingRows}
                    dependencies={others('gsn', field.name)}
                    validateFirst
                    rules={[{ required: true, whitespace: true, message: t('wizard.gsnRequired') }, formatRule('gsn', t('wizard.gsnFormat')), uniqueRule('gsn')]}
                    style={{ width: 240 }}
                  >
                    <Input placeholder={t('wizard.placeholders.gsn')} aria-label={rowLabel('gsn', index)} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'key']}
                    label={index === 0 ? t('wizard.fields.key') : undefined}
                    hidden={!editingRows}
                    rules={[{ required: true, whitespace: true, message: t('wizard.keyRequired') }]}
                    style={{ width: 240 }}
                  >
                    <Input placeholder={t('wizard.placeholders.key')} aria-label={rowLabel('key', index)} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'product_code']}
                    label={index === 0 ? t('wizard.fields.product_code') : undefined}
                    dependencies={others('product_code', field.name)}
                    validateFirst
                    rules={[{ required: true, whitespace: true, message: t('wizard.productCodeRequired') }, formatRule('product_code', t('wizard.productCodeFormat')), uniqueRule('product_code')]}
                    style={{ width: 280 }}
                  >
                    <Input placeholder={t('wizard.placeholders.product_code')} aria-label={rowLabel('product_code', index)} />
                  </Form.Item>
                  {editingRows && fields.length > 1 && (
                    <Button icon={<DeleteOutlined />} aria-label={t('wizard.removeRow', { row: index + 1 })} onClick={() => remove(field.name)} style={{ marginTop: index === 0 ? 30 : 0 }} />
                  )}
                </Flex>
              ))}
              {editingRows && (
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  style={{ alignSelf: 'flex-start' }}
                  onClick={() => {
                    if (fields.length >= limits.loggerRowsMax) void message.warning(t('wizard.tooMany', { max: limits.loggerRowsMax }));
                    else add(emptyRow());
                  }}
                >
                  {t('wizard.addRow')}
                </Button>
              )}
            </Flex>
          );
        }}
      </Form.List>
    </Form>
  );
}
