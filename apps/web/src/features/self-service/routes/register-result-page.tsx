import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/lib/document-title';

/** /user/register-result (public): the new account's name and the way to sign in with it. */
export default function RegisterResultPage() {
  const { t } = useTranslation('self-service');
  useDocumentTitle(t('registerResult.title'));
  const [searchParams] = useSearchParams();
  const username = searchParams.get('username') ?? '';
  return (
    <Result
      status="success"
      title={t('registerResult.title')}
      subTitle={username ? t('registerResult.account', { username }) : undefined}
      extra={
        <Link to={`/user/login${username ? `?username=${encodeURIComponent(username)}` : ''}`}>
          <Button type="primary" size="large">
            {t('signIn')}
          </Button>
        </Link>
      }
    />
  );
}
