import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { LazyResult } from '@/components/lazy-result';
import { chunkLoadFailure } from '@/lib/chunk-error';

/** Last-resort error screen of the router (spec section 8: chunk load failures name type and URL). */
export function RouteErrorPage() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  if (error instanceof Error) console.error(error);
  const chunk = chunkLoadFailure(error);
  const detail = chunk
    ? t('error.chunk', chunk)
    : isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`
      : t('error.subTitle');
  const reload = (
    <Button type="primary" onClick={() => window.location.reload()}>
      {t('reload')}
    </Button>
  );
  // Without antd's Result, when it cannot be downloaded either.
  const plain = (
    <div role="alert" style={{ padding: '48px 32px', textAlign: 'center' }}>
      <h3>{t('error.title')}</h3>
      <p>{detail}</p>
      {reload}
    </div>
  );
  return <LazyResult status="error" title={t('error.title')} subTitle={detail} extra={reload} plain={plain} />;
}
