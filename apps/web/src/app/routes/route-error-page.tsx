import { Button } from 'antd';
import { Component, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { chunkLoadFailure } from '@/lib/chunk-error';

// antd's Result (with its illustrations) loads when a page fails, not with every page.
const ErrorResult = lazy(() => import('./error-result'));

/** Shows `fallback` when its children fail (the error result could not be downloaded either). */
class Fallback extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

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
  // When the download that failed was not the only one (a new deploy, the network gone), the
  // result may not load either: the same texts and button without antd's Result then.
  const plain = (
    <div role="alert" style={{ padding: '48px 32px', textAlign: 'center' }}>
      <h3>{t('error.title')}</h3>
      <p>{detail}</p>
      {reload}
    </div>
  );
  return (
    <Fallback fallback={plain}>
      <Suspense fallback={null}>
        <ErrorResult status="error" title={t('error.title')} subTitle={detail} extra={reload} />
      </Suspense>
    </Fallback>
  );
}
