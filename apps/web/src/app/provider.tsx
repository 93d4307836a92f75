import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider, theme, type ThemeConfig } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { type Language, consoleLanguage, i18n, loadedAntdLocale } from '@/lib/i18n';
import { registerNotifyHost } from '@/lib/notify';
import { reducedMotion, useMediaQuery } from '@/lib/use-media-query';
import { isLightColor, useSettings } from './settings/settings';

const FeedbackApp = lazy(() => import('@/components/feedback-app'));

const currentLanguage = (): Language => consoleLanguage();

/**
 * Where no page has antd's App (the sign-in page), mounts one when a toast or notice is first asked
 * for (lib/notify.ts), so it shows in the theme like anywhere else.
 */
function NotifyHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    registerNotifyHost(() => setWanted(true));
    return () => registerNotifyHost(null);
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <FeedbackApp />
    </Suspense>
  ) : null;
}

/** What antd's App gives the page around it: the theme's text colour, size, line height and font. */
function AppFrame({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div className="cs-app" style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>
      {children}
    </div>
  );
}

/** Providers of the whole app: data, translations, and the antd theme from the page settings. */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const settings = useSettings();
  const language = currentLanguage();
  const lessMotion = useMediaQuery(reducedMotion);

  // Colour-weak mode is a filter over the whole page (spec section 4: a body class).
  useEffect(() => {
    document.body.classList.toggle('colorWeak', settings.colorWeak);
  }, [settings.colorWeak]);

  const themeConfig = useMemo<ThemeConfig>(
    () => ({
      algorithm: settings.darkMode ? theme.darkAlgorithm : theme.defaultAlgorithm,
      // Without motion, dialogs, drawers and menus open and close at once instead of animating.
      token: { colorPrimary: settings.primaryColor, motion: !lessMotion },
      // Light primaries (the default amber) need dark text on filled surfaces to stay readable.
      ...(isLightColor(settings.primaryColor)
        ? { components: { Button: { primaryColor: 'rgba(0, 0, 0, 0.88)' }, Menu: { darkItemSelectedColor: 'rgba(0, 0, 0, 0.88)' } } }
        : {}),
    }),
    [settings.darkMode, settings.primaryColor, lessMotion],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ConfigProvider locale={loadedAntdLocale(language)} theme={themeConfig}>
          <AppFrame>
            <NotifyHost />
            {children}
          </AppFrame>
        </ConfigProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
