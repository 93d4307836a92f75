import { type Language, type LegalKind, legalKinds, legalTextEditSchema, languages } from '@cellsight/contract';
import { App, Button, Card, Form, Segmented, Space, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { PageLoading } from '@/components/page-loading';
import { RichTextEditor } from '@/components/rich-text/rich-text-editor';
import { contractRule } from '@/lib/contract-rules';
import { formatDateTime } from '@/lib/format';
import { applyServerFieldErrors, useServerFeedback } from '@/lib/server-feedback';
import { useEditLegalText, useLegalTexts } from '../api/legal-api';

const languageNames: Record<Language, string> = { 'en-US': 'English', 'zh-CN': '中文', 'de-DE': 'Deutsch' };

/**
 * System → Privacy and terms (administrators): the texts every visitor reads at /privacy and
 * /condition, one per language, in the rich text editor (the server keeps its allow-list).
 */
export default function LegalTextPage() {
  const { t } = useTranslation('legal');
  const { message } = App.useApp();
  const feedback = useServerFeedback();
  const texts = useLegalTexts();
  const save = useEditLegalText();
  const [kind, setKind] = useState<LegalKind>('privacy');
  const [language, setLanguage] = useState<Language>('en-US');
  const [form] = Form.useForm<{ content: string }>();
  const current = texts.data?.find((text) => text.kind === kind && text.language === language);

  useEffect(() => {
    if (current) form.setFieldsValue({ content: current.content });
  }, [current, form]);

  if (texts.isError) return <LoadErrorAlert error={texts.error} onRetry={() => void texts.refetch()} />;
  if (!texts.data) return <PageLoading />;

  const submit = async ({ content }: { content: string }) => {
    try {
      await save.mutateAsync({ kind, language, content });
      void message.success(t('editor.saved'));
    } catch (error) {
      if (!applyServerFieldErrors(form, error, ['content'])) feedback.error(error);
    }
  };

  return (
    <Card title={t('editor.title')}>
      <Tabs activeKey={kind} onChange={(key) => setKind(key as LegalKind)} items={legalKinds.map((key) => ({ key, label: t(`title.${key}`) }))} />
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Segmented<Language> aria-label={t('editor.language')} value={language} onChange={setLanguage} options={languages.map((value) => ({ value, label: languageNames[value] }))} />
        <Typography.Text type="secondary">
          {current?.updateTime ? t('editor.changed', { user: current.updateBy, time: formatDateTime(current.updateTime) }) : t('editor.platformText')}
        </Typography.Text>
        <Form form={form} layout="vertical" name="legal-text" onFinish={(values) => void submit(values)}>
          <Form.Item name="content" label={t('editor.content')} extra={t('editor.hint')} rules={[contractRule(legalTextEditSchema.shape.content, t, 'content')]}>
            <RichTextEditor />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('editor.save')}
            </Button>
            <a href={kind === 'privacy' ? '/privacy' : '/condition'} target="_blank" rel="noopener noreferrer">
              {t('editor.open')}
            </a>
          </Space>
        </Form>
      </Space>
    </Card>
  );
}
