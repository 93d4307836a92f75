import { Button } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { chunkLoadFailure } from '@/lib/chunk-error';
import { LazyResult } from './lazy-result';

/**
 * What went wrong (naming a part that could not be downloaded) and a reload button, drawn with
 * antd's Result, or plainly when that cannot be downloaded either.
 */
function ErrorResult({ error }: { error: Error }) {
  const { t } = useTranslation('common');
  const chunk = chunkLoadFailure(error);
  const detail = chunk ? t('error.chunk', chunk) : t('error.subTitle');
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

interface ErrorBoundaryProps {
  children: ReactNode;
  /** When this changes (the path, say), a shown error gives way to the children again. */
  resetKey?: unknown;
}

/**
 * Keeps a failing page (a render error or a screen that could not be downloaded) inside the
 * console frame instead of blanking the whole app. Give it a `key` to start it afresh, or a
 * `resetKey` to clear only a shown error and keep the children's state otherwise.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    return this.state.error ? <ErrorResult error={this.state.error} /> : this.props.children;
  }
}
