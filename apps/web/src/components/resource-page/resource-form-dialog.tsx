import { type Language, type Resource, wordsIn } from '@cellsight/contract';
import { Form, Input, Modal } from 'antd';
import type { FormRule } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DictSelect } from '@/components/dict-select';
import { ApiError, api } from '@/lib/api-client';
import { contractRule, isRequired, serverFieldText } from '@/lib/contract-rules';
import { useServerFeedback } from '@/lib/server-feedback';
import { type RecordOf, useResourceMutations } from './resource-api';

/** A form field's input; the default is a dictionary select for dictionary fields, else a text input. */
export type FieldInputs = Record<string, ReactNode>;

interface ResourceFormDialogProps<R extends Resource> {
  resource: R;
  /** The add schema's fields shown, in order. */
  fields: readonly string[];
  /** Inputs other than the default for some fields. */
  inputs?: FieldInputs;
  /** The record to edit; null adds one. */
  record: RecordOf<R> | null;
  /** Values a new record starts with, or that every save carries (e.g. the parent's id). */
  initialValues?: Record<string, unknown>;
  fixedValues?: Record<string, unknown>;
  open: boolean;
  onClose: () => void;
  afterClose?: () => void;
}

/** The label of a resource field in the console's language. */
export const useFieldLabel = (resource: Resource) => {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  return (field: string): string => {
    const words = (resource.labels as Record<string, readonly [string, string, string] | undefined>)[field];
    return words ? wordsIn(words, language) : field;
  };
};

/**
 * Add or edit one record. Each field's rules are the contract's own schema of that field; unique
 * fields ask the server on blur; the server's refusals land on their fields.
 */
export function ResourceFormDialog<R extends Resource>({ resource, fields, inputs = {}, record, initialValues, fixedValues, open, onClose, afterClose }: ResourceFormDialogProps<R>) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Record<string, unknown>>();
  const feedback = useServerFeedback();
  const label = useFieldLabel(resource);
  const { add, edit } = useResourceMutations(resource);
  const shape = resource.add.shape as Record<string, z.ZodType>;
  const dictionaries = (resource.dictionaries ?? {}) as Record<string, string | undefined>;
  const unique = (resource.unique ?? []) as readonly string[];
  const id = (record as { id?: string } | null)?.id;
  const name = wordsIn(resource.title, i18n.language as Language);

  const uniqueRule = (field: string): FormRule => ({
    validateTrigger: 'onBlur',
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || value.trim() === '') return;
      try {
        await api.get('/sys/duplicate/check', { tableName: resource.table, fieldName: field, fieldVal: value.trim(), dataId: id });
      } catch (error) {
        throw new Error(error instanceof ApiError && error.status === 200 ? t('validation:taken') : feedback.errorText(error));
      }
    },
  });

  const submit = async (values: Record<string, unknown>) => {
    // Empty inputs are "not given"; the contract decides whether that is allowed.
    const body = Object.fromEntries(Object.entries({ ...values, ...fixedValues }).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]).filter(([, value]) => value !== '' && value !== undefined));
    try {
      const envelope = id ? await edit.mutateAsync({ ...body, id }) : await add.mutateAsync(body);
      feedback.success(envelope, id ? t('resource.edited') : t('resource.added'));
      onClose();
    } catch (error) {
      const onFields = error instanceof ApiError ? error.errors.filter((e) => fields.includes(e.field.split('.').pop() as never)) : [];
      if (onFields.length > 0) form.setFields(onFields.map((e) => ({ name: e.field.split('.').pop() as string, errors: [serverFieldText(e.message, t)] })));
      else feedback.error(error);
    }
  };

  return (
    <Modal
      title={id ? t('resource.editTitle', { name }) : t('resource.addTitle', { name })}
      open={open}
      onCancel={onClose}
      afterClose={afterClose}
      onOk={() => form.submit()}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={add.isPending || edit.isPending}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical" initialValues={record ?? initialValues} onFinish={submit} name={`${resource.table}-form`}>
        {fields.map((field) => {
          const schema = shape[field];
          if (!schema) return null;
          const rules: FormRule[] = [contractRule(schema, t), ...(unique.includes(field) ? [uniqueRule(field)] : [])];
          const dictionary = dictionaries[field];
          const input = inputs[field] ?? (dictionary ? <DictSelect code={dictionary} /> : <Input autoComplete="off" />);
          return (
            <Form.Item key={field} name={field as string} label={label(field)} rules={rules} required={isRequired(schema)} validateFirst>
              {input}
            </Form.Item>
          );
        })}
      </Form>
    </Modal>
  );
}
