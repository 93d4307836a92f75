import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme, type ThemeConfig } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { type Language, i18n, languages, loadedAntdLocale } from '@/lib/i18n';
import { registerNotifyApi } from '@/lib/notify';
import { isLightColor, useSettings } from './settings/settings';

const dayjsLocales = { 'en-US': 'en', 'zh-CN': 'zh-cn', 'de-DE': 'de' } as const;

const currentLanguage = (): Language =>
  (languages as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en-US';

/** Hands antd's App context (themed message, notification, modal) to the notify helpers. */
function NotifyBridge() {
  const api = AntApp.useApp();
  useEffect(() => {
    registerNotifyApi(api);
    return () => registerNotifyApi(null);
  }, [api]);
  return null;
}

/** Providers of the whole app: data, translations, and the antd theme from the page settings. */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const settings = useSettings();
  const language = currentLanguage();

  useEffect(() => {
    dayjs.locale(dayjsLocales[language]);
  }, [language]);

  // Colour-weak mode is a filter over the whole page (spec section 4: a body class).
  useEffect(() => {
    document.body.classList.toggle('colorWeak', settings.colorWeak);
  }, [settings.colorWeak]);

  const themeConfig = useMemo<ThemeConfig>(
    () => ({
      algorithm: settings.darkMode ? theme.darkAlgorithm : theme.defaultAlgorithm,
      token: { colorPrimary: settings.primaryColor },
      // Light primaries (the default amber) need dark text on filled surfaces to stay readable.
      ...(isLightColor(settings.primaryColor)
        ? { components: { Button: { primaryColor: 'rgba(0, 0, 0, 0.88)' }, Menu: { darkItemSelectedColor: 'rgba(0, 0, 0, 0.88)' } } }
        : {}),
    }),
    [settings.darkMode, settings.primaryColor],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ConfigProvider locale={loadedAntdLocale(language)} theme={themeConfig}>
          <AntApp>
            <NotifyBridge />
            {children}
          </AntApp>
        </ConfigProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
