import { ExportOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '@/components/page-loading';
import { usePublicConfig } from '@/lib/public-config';
import { usePageInfo } from './use-page-info';

/** Whether `url` comes from one of the allowed origins (a leading `*.` in an origin matches any sub-domain). */
export const isFrameAllowed = (url: string, origins: readonly string[]): boolean => {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return origins.some((allowed) => {
    const match = /^(https?:)\/\/(\*\.)?([^/:]+)(?::(\d+))?$/i.exec(allowed);
    if (!match) return false;
    const [, scheme, wildcard, host = '', port = ''] = match;
    if (parsed.protocol !== scheme?.toLowerCase() || parsed.port !== port) return false;
    const hostname = parsed.hostname.toLowerCase();
    return wildcard ? hostname.endsWith(`.${host.toLowerCase()}`) : hostname === host.toLowerCase();
  });
};

/**
 * A menu entry's external page inside the console (spec section 2: iframe pages). Only sites the
 * deployment allows (FRAME_SOURCES, also the policy's frame-src) are framed; any other address is
 * offered in a new window, since the browser would refuse to show it here anyway.
 */
export default function IframePage() {
  const { t } = useTranslation('layout');
  const { trail, title } = usePageInfo();
  const config = usePublicConfig();
  const url = trail[trail.length - 1]?.meta.url ?? '';

  if (!config.data && !config.isError) return <PageLoading />;
  if (!isFrameAllowed(url, config.data?.frameSources ?? [])) {
    return (
      <Result
        status="info"
        title={title}
        subTitle={t('iframe.notAllowed')}
        extra={
          <Button type="primary" icon={<ExportOutlined />} href={url} target="_blank" rel="noopener noreferrer">
            {t('iframe.openNewWindow')}
          </Button>
        }
      />
    );
  }
  return (
    <iframe
      src={url}
      title={title ?? url}
      className="cs-iframe-page"
      // The framed site runs as its own origin: it cannot reach the console's storage or session.
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"
      referrerPolicy="no-referrer"
    />
  );
}
