import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlainSecondaryLink, PlainText } from '@/components/plain-text';
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
              <PlainSecondaryLink key={key} href={footerLinkHref(config.links, key)}>
                {t(`footer.${key}`)}
              </PlainSecondaryLink>
            ))}
        </Space>
      )}
      <PlainText secondary>{t('footer.copyright', { year: new Date().getFullYear(), platform })}</PlainText>
    </footer>
  );
}
