import { type DepartTreeNode, Permission, departResource } from '@cellsight/contract';
import { Button, Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useFieldLabel, useResourceMutations } from '@/kit/resource-page';
import { contractRule, isRequired } from '@/lib/contract-rules';
import { useHasPermission } from '@/lib/permissions';
import { applyServerFieldErrors, useServerFeedback } from '@/lib/server-feedback';
import { departFormFields, useDepartInputs, wideDepartFields } from './depart-inputs';

interface DepartInfoFormProps {
  depart: DepartTreeNode;
  /** The parent's name; null for a top-level department. */
  parentName: string | null;
}

// The form shows every field, so the add schema's rules hold (the name stays required).
const shape = departResource.add.shape as Record<string, z.ZodType>;
const formValuesOf = (depart: DepartTreeNode) => Object.fromEntries(departFormFields.map((field) => [field, depart[field] ?? '']));

/**
 * The selected department's basic information. Each field's rule is the contract's; the org code
 * and the parent are shown but fixed. Without the edit permission the form is read-only.
 * Mounted per department, so it always starts from that department's values.
 */
export function DepartInfoForm({ depart, parentName }: DepartInfoFormProps) {
  const { t } = useTranslation('departments');
  const [form] = Form.useForm<Record<string, unknown>>();
  const label = useFieldLabel(departResource);
  const inputs = useDepartInputs();
  const feedback = useServerFeedback();
  const { edit } = useResourceMutations(departResource);
  const canEdit = useHasPermission(Permission.DepartEdit);

  const submit = async (values: Record<string, unknown>) => {
    // Emptied text inputs are sent empty (the contract clears those fields); an emptied number keeps its value.
    const body = Object.fromEntries(
      Object.entries(values)
        .filter(([, value]) => value !== null && value !== undefined)
        .map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]),
    );
    try {
      feedback.success(await edit.mutateAsync({ ...body, id: depart.id }), t('common:resource.edited'));
    } catch (error) {
      if (!applyServerFieldErrors(form, error, departFormFields)) feedback.error(error);
    }
  };

  return (
    <Form form={form} layout="vertical" name="depart-info" initialValues={formValuesOf(depart)} onFinish={submit} disabled={!canEdit || edit.isPending}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={label('parentId')} htmlFor="depart-info-parent">
            <Input id="depart-info-parent" value={parentName ?? t('info.topLevel')} disabled />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={label('orgCode')} htmlFor="depart-info-orgCode">
            <Input id="depart-info-orgCode" value={depart.orgCode} disabled />
          </Form.Item>
        </Col>
        {departFormFields.map((field) => {
          const schema = shape[field];
          return (
            <Col key={field} xs={24} md={(wideDepartFields as readonly string[]).includes(field) ? 24 : 12}>
              <Form.Item name={field} label={label(field)} rules={schema ? [contractRule(schema, t)] : []} required={schema ? isRequired(schema) : false} validateFirst>
                {inputs[field] ?? <Input autoComplete="off" />}
              </Form.Item>
            </Col>
          );
        })}
      </Row>
      {canEdit && (
        <Button type="primary" htmlType="submit" loading={edit.isPending}>
          {t('common:save')}
        </Button>
      )}
    </Form>
  );
}
