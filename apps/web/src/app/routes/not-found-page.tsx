import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/lib/document-title';

/** /404, where unknown paths end (public: it needs no sign-in). */
export default function NotFoundPage() {
  const { t } = useTranslation('common');
  useDocumentTitle(t('notFound.title'));
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('notFound.subTitle')}
      extra={
        <Link to="/">
          <Button type="primary">{t('backHome')}</Button>
        </Link>
      }
    />
  );
}
