import { CheckOutlined, CloseOutlined, EditOutlined } from '@ant-design/icons';
import { loggerAliasSchema } from '@cellsight/contract';
import { App, Button, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contractRule } from '@/lib/contract-rules';
import { applyServerFieldErrors, useServerFeedback } from '@/lib/server-feedback';
import { useEditLoggerAlias } from '../api/edit-logger-alias';

// An empty alias is no alias: the form sends null for it.
const aliasRule = loggerAliasSchema.shape.alias.optional();

interface LoggerAliasCellProps {
  gsn: string;
  alias: string | null;
  /** Whether the pencil is offered (the permission, never the demo account). */
  editable: boolean;
}

/**
 * A logger's alias in its row, edited in place: pencil → input → save (Enter) or cancel (Escape).
 * Emptying the input clears the alias; the server's refusals show on the input.
 */
export function LoggerAliasCell({ gsn, alias, editable }: LoggerAliasCellProps) {
  const { t } = useTranslation('loggers');
  const { message } = App.useApp();
  const feedback = useServerFeedback();
  const [form] = Form.useForm<{ alias: string }>();
  const [editing, setEditing] = useState(false);
  const edit = useEditLoggerAlias();

  const save = async ({ alias: typed }: { alias?: string }) => {
    const next = typed?.trim() ? typed.trim() : null;
    try {
      await edit.mutateAsync({ gsn, alias: next });
      void message.success(next === null ? t('alias.cleared', { gsn }) : t('alias.saved', { gsn }));
      setEditing(false);
    } catch (error) {
      if (!applyServerFieldErrors(form, error, ['alias'])) feedback.error(error);
    }
  };

  if (!editing) {
    return (
      <Space size={4}>
        {alias && <Typography.Text>{alias}</Typography.Text>}
        {editable && <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('alias.edit', { gsn })} onClick={() => setEditing(true)} />}
      </Space>
    );
  }
  return (
    <Form form={form} name={`logger-alias-${gsn}`} layout="inline" initialValues={{ alias: alias ?? '' }} onFinish={save} disabled={edit.isPending}>
      <Form.Item name="alias" rules={[contractRule(aliasRule, t, 'alias')]} style={{ marginInlineEnd: 4 }}>
        <Input
          autoFocus
          size="small"
          autoComplete="off"
          aria-label={t('alias.input', { gsn })}
          placeholder={t('alias.placeholder')}
          style={{ width: 180 }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setEditing(false);
          }}
        />
      </Form.Item>
      <Button type="text" size="small" htmlType="submit" icon={<CheckOutlined />} loading={edit.isPending} aria-label={t('alias.save', { gsn })} />
      <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('alias.cancel', { gsn })} onClick={() => setEditing(false)} />
    </Form>
  );
}
