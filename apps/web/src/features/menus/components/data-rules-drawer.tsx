import { PlusOutlined } from '@ant-design/icons';
import { type DataRuleRecord, type Language, type MenuTreeNode, Permission, dataRuleAddSchema, dataRuleOperators, dataRuleVariables, wordsIn } from '@cellsight/contract';
import { Alert, Button, Drawer, Flex, Form, Input, Modal, Popconfirm, Select, Space, Switch, Table, type TableColumnType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { contractRule } from '@/lib/contract-rules';
import { useHasPermission } from '@/lib/permissions';
import { applyServerFieldErrors, useServerFeedback } from '@/lib/server-feedback';
import { type RuleColumn, useDataRuleColumns, useDataRuleMutations, useDataRules } from '../api/data-rule-api';

interface DataRulesDrawerProps {
  menu: MenuTreeNode | null;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}

/** The i18n key of each operator (the symbols are no good as keys). */
export const operatorKeys: Record<(typeof dataRuleOperators)[number], string> = {
  '=': 'eq',
  '!=': 'ne',
  '>': 'gt',
  '>=': 'ge',
  '<': 'lt',
  '<=': 'le',
  IN: 'in',
  LIKE: 'like',
  LEFT_LIKE: 'leftLike',
  RIGHT_LIKE: 'rightLike',
};

/** The data rules of a menu: which rows of its screen's list a role that chooses a rule sees. */
export function DataRulesDrawer({ menu, open, onClose, afterClose }: DataRulesDrawerProps) {
  const { t } = useTranslation('data-rules');
  return (
    <Drawer
      open={open}
      title={menu ? t('drawer.title', { name: menu.name }) : undefined}
      size={760}
      onClose={onClose}
      afterOpenChange={(visible) => {
        if (!visible) afterClose();
      }}
      destroyOnHidden
    >
      {menu && <RuleList permissionId={menu.id} />}
    </Drawer>
  );
}

type Editing = { rule: DataRuleRecord | null; open: boolean };

function RuleList({ permissionId }: { permissionId: string }) {
  const { t, i18n } = useTranslation('data-rules');
  const { t: common } = useTranslation();
  const feedback = useServerFeedback();
  const rules = useDataRules(permissionId);
  const columns = useDataRuleColumns(permissionId);
  const { remove } = useDataRuleMutations(permissionId);
  const canEdit = useHasPermission(Permission.MenuEdit);
  const [editing, setEditing] = useState<Editing | null>(null);
  const known = columns.data ?? [];
  const columnLabel = (name: string) => {
    const label = known.find((column) => column.name === name)?.label;
    return label ? wordsIn(label as unknown as [string, string, string], i18n.language as Language) : name;
  };

  const deleteRule = async (rule: DataRuleRecord) => {
    try {
      feedback.success(await remove.mutateAsync(rule.id), common('resource.deleted'));
    } catch (error) {
      feedback.error(error);
    }
  };

  const tableColumns: TableColumnType<DataRuleRecord>[] = [
    { key: 'ruleName', dataIndex: 'ruleName', title: t('field.ruleName') },
    { key: 'ruleColumn', dataIndex: 'ruleColumn', title: t('field.ruleColumn'), render: (name: string) => columnLabel(name) },
    { key: 'ruleConditions', dataIndex: 'ruleConditions', title: t('field.ruleConditions'), render: (operator: keyof typeof operatorKeys) => t(`operator.${operatorKeys[operator] ?? 'eq'}`) },
    { key: 'ruleValue', dataIndex: 'ruleValue', title: t('field.ruleValue'), render: (value: string) => <Typography.Text code>{value}</Typography.Text> },
    { key: 'status', dataIndex: 'status', title: t('field.status'), render: (status: string) => (status === '1' ? <Tag color="success">{t('status.active')}</Tag> : <Tag>{t('status.inactive')}</Tag>) },
  ];
  if (canEdit) {
    tableColumns.push({
      key: 'actions',
      title: common('resource.actions'),
      render: (_value: unknown, rule: DataRuleRecord) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ rule, open: true })}>
            {common('resource.edit')}
          </Button>
          <Popconfirm title={t('confirmDelete', { name: rule.ruleName })} okText={common('ok')} cancelText={common('cancel')} onConfirm={() => deleteRule(rule)}>
            <Button type="link" size="small" danger>
              {common('resource.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    });
  }

  if (rules.isError) return <LoadErrorAlert error={rules.error} onRetry={() => void rules.refetch()} />;
  const noList = columns.isSuccess && known.length === 0;
  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary">{t('drawer.explain')}</Typography.Paragraph>
      {noList && <Alert type="warning" showIcon title={t('drawer.noList')} />}
      {canEdit && !noList && (
        <div>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ rule: null, open: true })}>
            {t('add')}
          </Button>
        </div>
      )}
      <Table<DataRuleRecord> rowKey="id" size="small" columns={tableColumns} dataSource={rules.data ?? []} loading={rules.isFetching} pagination={false} locale={{ emptyText: t('empty') }} />
      {editing && (
        <RuleFormDialog
          permissionId={permissionId}
          rule={editing.rule}
          columns={known}
          open={editing.open}
          onClose={() => setEditing((slot) => slot && { ...slot, open: false })}
          afterClose={() => setEditing(null)}
        />
      )}
    </Flex>
  );
}

type Values = { ruleName: string; ruleColumn: string; ruleConditions: string; ruleValue: string; active: boolean };
const fields = ['ruleName', 'ruleColumn', 'ruleConditions', 'ruleValue', 'status'] as const;
const shape = dataRuleAddSchema.shape as Record<string, z.ZodType>;

function RuleFormDialog({ permissionId, rule, columns, open, onClose, afterClose }: { permissionId: string; rule: DataRuleRecord | null; columns: RuleColumn[]; open: boolean; onClose: () => void; afterClose: () => void }) {
  const { t, i18n } = useTranslation('data-rules');
  const { t: common } = useTranslation();
  const feedback = useServerFeedback();
  const [form] = Form.useForm<Values>();
  const { add, edit } = useDataRuleMutations(permissionId);
  const language = i18n.language as Language;
  const initial: Partial<Values> = rule
    ? { ruleName: rule.ruleName, ruleColumn: rule.ruleColumn, ruleConditions: rule.ruleConditions, ruleValue: rule.ruleValue, active: rule.status === '1' }
    : { ruleConditions: '=', active: true };

  const insertVariable = (name: string) => form.setFieldValue('ruleValue', `${form.getFieldValue('ruleValue') ?? ''}#{${name}}`);

  const submit = async () => {
    const values = await form.validateFields();
    const body = { ruleName: values.ruleName, ruleColumn: values.ruleColumn, ruleConditions: values.ruleConditions as (typeof dataRuleOperators)[number], ruleValue: values.ruleValue, status: values.active ? ('1' as const) : ('0' as const) };
    try {
      const envelope = rule ? await edit.mutateAsync({ id: rule.id, ...body }) : await add.mutateAsync({ permissionId, ...body });
      feedback.success(envelope, rule ? common('resource.edited') : common('resource.added'));
      onClose();
    } catch (error) {
      if (!applyServerFieldErrors(form, error, fields)) feedback.error(error);
    }
  };

  return (
    <Modal
      open={open}
      title={rule ? t('editTitle') : t('addTitle')}
      okText={common('save')}
      cancelText={common('cancel')}
      confirmLoading={add.isPending || edit.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="data-rule" initialValues={initial}>
        <Form.Item name="ruleName" label={t('field.ruleName')} rules={[contractRule(shape.ruleName!, common, 'ruleName')]} required>
          <Input maxLength={50} autoComplete="off" />
        </Form.Item>
        <Form.Item name="ruleColumn" label={t('field.ruleColumn')} rules={[contractRule(shape.ruleColumn!, common, 'ruleColumn')]} required extra={columns.length > 0 ? undefined : t('columnFree')}>
          {columns.length > 0 ? (
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={columns.map((column) => ({ value: column.name, label: column.label ? `${wordsIn(column.label as unknown as [string, string, string], language)} (${column.name})` : column.name }))}
            />
          ) : (
            <Input maxLength={50} autoComplete="off" />
          )}
        </Form.Item>
        <Form.Item name="ruleConditions" label={t('field.ruleConditions')} required>
          <Select options={dataRuleOperators.map((operator) => ({ value: operator, label: `${t(`operator.${operatorKeys[operator]}`)} (${operator})` }))} />
        </Form.Item>
        <Form.Item
          name="ruleValue"
          label={t('field.ruleValue')}
          rules={[contractRule(shape.ruleValue!, common, 'ruleValue')]}
          required
          extra={
            <Flex vertical gap={4} style={{ marginTop: 4 }}>
              <span>{t('variablesHelp')}</span>
              <Flex wrap gap={4}>
                {Object.entries(dataRuleVariables).map(([name, words]) => (
                  <Button key={name} size="small" type="dashed" title={wordsIn(words, language)} onClick={() => insertVariable(name)}>
                    {`#{${name}}`}
                  </Button>
                ))}
              </Flex>
            </Flex>
          }
        >
          <Input maxLength={300} autoComplete="off" />
        </Form.Item>
        <Form.Item name="active" label={t('field.status')} valuePropName="checked">
          <Switch checkedChildren={t('status.active')} unCheckedChildren={t('status.inactive')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
