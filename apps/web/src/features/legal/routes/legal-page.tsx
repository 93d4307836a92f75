import type { Language, LegalKind } from '@cellsight/contract';
import { Alert, Button, Card, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/lib/document-title';
import { formatDateTime } from '@/lib/format';
import { usePublicLegalText } from '../api/legal-api';

/**
 * /privacy and /condition (public, spec section 2): the operator's privacy policy or terms of use
 * in the console's language, with the date of their last change.
 */
export default function LegalPage({ kind }: { kind: LegalKind }) {
  const { t, i18n } = useTranslation('legal');
  const title = t(`title.${kind}`);
  useDocumentTitle(title);
  const text = usePublicLegalText(kind, i18n.language as Language);
  return (
    <Flex justify="center" style={{ padding: '48px 16px', minHeight: '100vh', background: 'var(--ant-color-bg-layout)' }}>
      <Card style={{ maxWidth: 760, width: '100%' }} title={<Typography.Title level={1} style={{ fontSize: 24, margin: '8px 0' }}>{title}</Typography.Title>}>
        {text.isPending && <Skeleton active paragraph={{ rows: 8 }} />}
        {text.isError && <Alert type="error" showIcon title={t('loadFailed')} action={<Button onClick={() => void text.refetch()}>{t('retry')}</Button>} />}
        {text.data && (
          <article>
            {/* HTML the server already cut to the rich-text allow-list (no scripts, styles or handlers). */}
            <div className="cs-rich-text" dangerouslySetInnerHTML={{ __html: text.data.content }} />
            {text.data.updateTime && <Typography.Text type="secondary">{t('updated', { time: formatDateTime(text.data.updateTime) })}</Typography.Text>}
          </article>
        )}
        <div style={{ marginTop: 24 }}>
          <Link to="/">{t('back')}</Link>
        </div>
      </Card>
    </Flex>
  );
}
