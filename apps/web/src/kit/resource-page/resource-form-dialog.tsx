import { type Language, type Resource, ServerCode, duplicateEndpoints, wordsIn } from '@cellsight/contract';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, type FormRule, Input, Modal, Row, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DictSelect } from '@/components/dict-select';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { ApiError, api } from '@/lib/api-client';
import { contractRule, fitValue, isRequired, issueText, requiredRule, serverFieldText } from '@/lib/contract-rules';
import { messageForCode } from '@/lib/notify';
import { useServerFeedback } from '@/lib/server-feedback';
import { type RecordOf, useResourceMutations } from './resource-api';
import type { ResourceForm } from './resource-form';
import { useFieldLabel } from './field-label';

export interface ResourceFormDialogProps<R extends Resource> {
  resource: R;
  form: ResourceForm<RecordOf<R>>;
  /** The record to edit; null adds one. */
  record: RecordOf<R> | null;
  /** Values every save carries (a nested list's parent id). */
  fixedValues?: Record<string, unknown>;
  open: boolean;
  onClose: () => void;
  afterClose?: () => void;
}

/**
 * Add or edit one record (loaded on demand through `form-dialog.tsx`). Each field's rules are the contract's own schema of that field, and the
 * whole request is checked against the contract before it is sent (rules across fields); unique
 * fields ask the server on blur; the server's refusals land on their fields.
 */
export function ResourceFormDialog<R extends Resource>({ resource, form: definition, record, fixedValues, open, onClose, afterClose }: ResourceFormDialogProps<R>) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Record<string, unknown>>();
  const feedback = useServerFeedback();
  const label = useFieldLabel(resource);
  const { add, edit } = useResourceMutations(resource);
  const id = (record as { id?: string } | null)?.id;
  const shape = (resource.add?.shape ?? {}) as Record<string, z.ZodType>;
  const dictionaries = (resource.dictionaries ?? {}) as Record<string, string | undefined>;
  const unique = (resource.unique ?? []) as readonly string[];
  const fields = (id ? definition.editFields : undefined) ?? definition.fields;
  const inputs = typeof definition.inputs === 'function' ? definition.inputs(record) : (definition.inputs ?? {});
  const name = wordsIn(resource.recordName ?? resource.title, i18n.language as Language);
  const loaded = useQuery({
    queryKey: [resource.path, 'form', id],
    queryFn: () => (record && definition.load ? definition.load(record) : Promise.resolve({})),
    enabled: open && Boolean(record && definition.load),
    // Always fresh: another administrator may have changed the record since.
    gcTime: 0,
  });
  const waiting = Boolean(record && definition.load) && !loaded.isSuccess;

  const uniqueRule = (field: string): FormRule => ({
    validateTrigger: 'onBlur',
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || value.trim() === '') return;
      try {
        await api.call(duplicateEndpoints.check, { query: { tableName: resource.table, fieldName: field, fieldVal: value.trim(), dataId: id } });
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 200) throw new Error(feedback.errorText(error));
        // Taken: a specific code's text in the console's language (4010 "This user name is already
        // registered"); the generic 4004 says less than the server's message, translated where known.
        const message = serverFieldText(error.message, t);
        throw new Error(error.code === ServerCode.INCORRECT_PARAMETER ? message : messageForCode(error.code, message));
      }
    },
  });

  const submit = async (values: Record<string, unknown>) => {
    // Cleared inputs are sent empty when editing (the contract decides whether that clears the field) and left out when adding.
    const entries = Object.entries({ ...values, ...fixedValues })
      .map(([key, value]): [string, unknown] => [key, typeof value === 'string' ? value.trim() : shape[key] ? fitValue(shape[key], value) : value])
      .filter(([, value]) => value !== undefined && (id !== undefined || value !== ''));
    const body = { ...Object.fromEntries(entries), ...(id ? { id } : {}) };
    const checked = (id ? resource.edit : resource.add)?.safeParse(body);
    if (checked && !checked.success) {
      const onFields = checked.error.issues.filter((issue) => fields.includes(String(issue.path[0])));
      if (onFields.length > 0) {
        form.setFields(onFields.map((issue) => ({ name: String(issue.path[0]), errors: [issueText(issue, t)] })));
        return;
      }
    }
    try {
      const envelope = id ? await edit.mutateAsync(body) : await add.mutateAsync(body);
      feedback.success(envelope, id ? t('resource.edited') : t('resource.added'));
      onClose();
    } catch (error) {
      const onFields = error instanceof ApiError ? error.errors.filter((e) => fields.includes(e.field.split('.').pop() ?? '')) : [];
      if (onFields.length > 0) form.setFields(onFields.map((e) => ({ name: e.field.split('.').pop() ?? e.field, errors: [serverFieldText(e.message, t)] })));
      else feedback.error(error);
    }
  };

  const twoColumns = fields.length > 6;
  return (
    <Modal
      title={id ? t('resource.editTitle', { name }) : t('resource.addTitle', { name })}
      open={open}
      onCancel={onClose}
      afterClose={afterClose}
      onOk={() => form.submit()}
      okText={t('save')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: waiting }}
      confirmLoading={add.isPending || edit.isPending}
      mask={{ closable: false }}
      destroyOnHidden
      width={twoColumns ? 800 : 560}
    >
      {loaded.isError ? (
        <LoadErrorAlert error={loaded.error} onRetry={() => void loaded.refetch()} />
      ) : waiting ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : (
        <Form form={form} layout="vertical" initialValues={{ ...definition.initialValues, ...(record ?? {}), ...loaded.data }} onFinish={submit} name={`${resource.table}-form`} disabled={add.isPending || edit.isPending}>
          <Row gutter={16}>
            {fields.map((field) => {
              const schema = shape[field];
              const formRequired = definition.required?.includes(field) ?? false;
              const rules: FormRule[] = [...(formRequired ? [requiredRule(field, t)] : []), ...(schema ? [contractRule(schema, t, field)] : []), ...(definition.rules?.[field] ?? []), ...(unique.includes(field) ? [uniqueRule(field)] : [])];
              const dictionary = dictionaries[field];
              const input = inputs[field] ?? (dictionary ? <DictSelect code={dictionary} /> : <Input autoComplete="off" />);
              const wide = !twoColumns || definition.wide?.includes(field);
              return (
                <Col key={field} xs={24} md={wide ? 24 : 12}>
                  <Form.Item name={field} label={label(field)} rules={rules} required={formRequired || (schema ? isRequired(schema) : false)} validateFirst validateTrigger={['onChange', 'onBlur']} getValueProps={dictionary ? (value: unknown) => ({ value: value === null || value === undefined ? value : String(value) }) : undefined}>
                    {input}
                  </Form.Item>
                </Col>
              );
            })}
          </Row>
        </Form>
      )}
    </Modal>
  );
}

export default ResourceFormDialog;
