import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { LazyResult } from './lazy-result';

/**
 * The error screen of a failed page and of the router: what went wrong and a reload button, drawn
 * with antd's Result, or plainly when that cannot be downloaded either.
 */
export function ErrorScreen({ detail }: { detail: string }) {
  const { t } = useTranslation('common');
  const reload = (
    <Button type="primary" onClick={() => window.location.reload()}>
      {t('reload')}
    </Button>
  );
  const plain = (
    <div role="alert" style={{ padding: '48px 32px', textAlign: 'center' }}>
      <h3>{t('error.title')}</h3>
      <p>{detail}</p>
      {reload}
    </div>
  );
  return <LazyResult status="error" title={t('error.title')} subTitle={detail} extra={reload} plain={plain} />;
}
