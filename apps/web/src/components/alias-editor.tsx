import { CheckOutlined, CloseOutlined, EditOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { contractRule } from '@/lib/contract-rules';
import { applyServerFieldErrors, useServerFeedback } from '@/lib/server-feedback';

export interface AliasEditorTexts {
  edit: string;
  input: string;
  save: string;
  cancel: string;
  saved: string;
  cleared: string;
  placeholder?: string;
}

interface AliasEditorProps {
  /** Names the form (one per record on a page). */
  name: string;
  alias: string | null;
  /** Whether the pencil is offered (the permission, never the demo account). */
  editable: boolean;
  /** The contract's rule of the alias (an empty input is no alias). */
  rule: z.ZodType;
  /** Stores the alias (null clears it); a refusal naming `alias` shows on the input. */
  save: (alias: string | null) => Promise<unknown>;
  texts: AliasEditorTexts;
}

/**
 * A device's alias edited in place: pencil → input → save (Enter) or cancel (Escape). Emptying the
 * input clears the alias; the server's refusals show on the input.
 */
export function AliasEditor({ name, alias, editable, rule, save, texts }: AliasEditorProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const feedback = useServerFeedback();
  const [form] = Form.useForm<{ alias: string }>();
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);

  const submit = async ({ alias: typed }: { alias?: string }) => {
    const next = typed?.trim() ? typed.trim() : null;
    setSaving(true);
    try {
      await save(next);
      void message.success(next === null ? texts.cleared : texts.saved);
      setEditing(false);
    } catch (error) {
      if (!applyServerFieldErrors(form, error, ['alias'])) feedback.error(error);
    } finally {
      setSaving(false);
    }
  };

  if (!editing) {
    return (
      <Space size={4}>
        {alias && <Typography.Text>{alias}</Typography.Text>}
        {editable && <Button type="text" size="small" icon={<EditOutlined />} aria-label={texts.edit} onClick={() => setEditing(true)} />}
      </Space>
    );
  }
  return (
    <Form form={form} name={name} layout="inline" initialValues={{ alias: alias ?? '' }} onFinish={submit} disabled={saving}>
      <Form.Item name="alias" rules={[contractRule(rule, t, 'alias')]} style={{ marginInlineEnd: 4 }}>
        <Input
          autoFocus
          size="small"
          autoComplete="off"
          aria-label={texts.input}
          placeholder={texts.placeholder}
          style={{ width: 180 }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setEditing(false);
          }}
        />
      </Form.Item>
      <Button type="text" size="small" htmlType="submit" icon={<CheckOutlined />} loading={saving} aria-label={texts.save} />
      <Button type="text" size="small" icon={<CloseOutlined />} aria-label={texts.cancel} onClick={() => setEditing(false)} />
    </Form>
  );
}
