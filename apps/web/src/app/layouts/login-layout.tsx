import { type PublicConfig } from '@cellsight/contract';
import { Segmented, Space, theme } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '@/components/language-menu';
import { PlainSecondaryLink, PlainText } from '@/components/plain-text';
import { fallbackPlatformName, footerLinkHref, usePublicConfig } from '@/lib/public-config';
import { chooseRegion, currentRegion, type Region, type RegionCode } from '@/lib/region';

const AppDownloadCode = lazy(() => import('./app-download-code'));

const linkKeys = ['homepage', 'community', 'video', 'professional', 'privacy', 'terms'] as const;

function RegionSwitch({ config, region, onChange }: { config: PublicConfig; region: Region | undefined; onChange: (region: Region) => void }) {
  const { t } = useTranslation('login');
  if (config.regions.length < 2 || !region) return null;
  return (
    <Segmented<RegionCode>
      aria-label={t('region')}
      value={region.code}
      options={config.regions.map((r) => ({ value: r.code, label: t(`regions.${r.code}`) }))}
      onChange={(code) => {
        const chosen = config.regions.find((r) => r.code === code);
        if (chosen) onChange(chosen);
      }}
    />
  );
}

function AppDownload({ region }: { region: Region | undefined }) {
  const { t } = useTranslation('login');
  const url = region?.appDownloadUrl;
  if (!url) return null;
  return (
    <aside className="cs-login__app">
      <Suspense fallback={<div style={{ width: 112, height: 112 }} />}>
        <AppDownloadCode url={url} />
      </Suspense>
      <PlainText secondary>{t('appDownload')}</PlainText>
    </aside>
  );
}

/**
 * Frame of the sign-in pages (spec section 2): platform name, region switch, language menu,
 * the region's app-download QR code and the footer links.
 */
export function LoginLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('login');
  const { token } = theme.useToken();
  const { data: config } = usePublicConfig();
  const platformName = config?.platformName || fallbackPlatformName;
  // A region without a portal of its own is switched in place.
  const [chosen, setChosen] = useState<Region | null>(null);
  const region = chosen ?? (config ? currentRegion(config) : undefined);
  const onRegionChange = (next: Region) => {
    if (!chooseRegion(next)) setChosen(next);
  };

  return (
    <div className="cs-login" style={{ background: token.colorBgLayout, color: token.colorText }}>
      <header className="cs-login__top">
        <Space size="small" className="cs-login__brand">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <PlainText strong style={{ fontSize: 18 }}>
            {platformName}
          </PlainText>
        </Space>
        <Space size="middle" wrap>
          {config && <RegionSwitch config={config} region={region} onChange={onRegionChange} />}
          <LanguageMenu />
        </Space>
      </header>
      <main className="cs-login__main">
        <section className="cs-login__card" style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, boxShadow: token.boxShadowTertiary }}>
          {children}
          <AppDownload region={region} />
        </section>
      </main>
      <footer className="cs-login__footer">
        {config && (
          <Space wrap separator={<span aria-hidden>·</span>} className="cs-login__links">
            {linkKeys
              .filter((key) => footerLinkHref(config.links, key))
              .map((key) => (
                <PlainSecondaryLink key={key} href={footerLinkHref(config.links, key)}>
                  {t(`links.${key}`)}
                </PlainSecondaryLink>
              ))}
          </Space>
        )}
        <PlainText secondary>{t('copyright', { year: new Date().getFullYear(), platform: platformName })}</PlainText>
      </footer>
    </div>
  );
}
