import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Centred spinner while a page or the session's permissions load. */
export function PageLoading({ fullscreen = false }: { fullscreen?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div className={fullscreen ? 'cs-page-loading cs-page-loading--fullscreen' : 'cs-page-loading'} role="status" aria-live="polite">
      <Spin size="large" description={t('loading')} />
    </div>
  );
}
