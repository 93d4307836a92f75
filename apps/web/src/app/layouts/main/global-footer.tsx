import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fallbackPlatformName, footerLinkHref, usePublicConfig } from '@/lib/public-config';

const linkKeys = ['homepage', 'privacy', 'terms'] as const;

/** Footer of the console pages: copyright and the main links of the public config. */
export function GlobalFooter() {
  const { t } = useTranslation('layout');
  const { data: config } = usePublicConfig();
  const platform = config?.platformName || fallbackPlatformName;
  return (
    <footer className="cs-footer">
      {config && (
        <Space wrap separator={<span aria-hidden>·</span>}>
          {linkKeys
            .filter((key) => footerLinkHref(config.links, key))
            .map((key) => (
              <Typography.Link key={key} href={footerLinkHref(config.links, key)} target="_blank" rel="noopener noreferrer" type="secondary">
                {t(`footer.${key}`)}
              </Typography.Link>
            ))}
        </Space>
      )}
      <Typography.Text type="secondary">{t('footer.copyright', { year: new Date().getFullYear(), platform })}</Typography.Text>
    </footer>
  );
}
