import { CheckOutlined, GlobalOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, consoleLanguage, languages } from '@/lib/i18n';

/** Language items for a menu; choosing one stores it and reloads (spec section 2). */
export const useLanguageItems = () => {
  const { t, i18n } = useTranslation('common');
  return languages.map((language) => ({
    key: language,
    label: t(`languages.${language}`),
    icon: i18n.language === language ? <CheckOutlined aria-hidden /> : <span className="cs-menu-icon-spacer" />,
    onClick: () => {
      if (i18n.language !== language) changeLanguage(language);
    },
  }));
};

// The dropdown and its menu load when the list is first asked for (or the pointer comes near):
// the sign-in page shows only the button.
const loadDropdown = () => import('./language-dropdown');
const LanguageDropdown = lazy(loadDropdown);

/** A globe button that opens the language list. */
export function LanguageMenu({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const current = consoleLanguage(i18n.language);
  // Open from the first click, which happened before the dropdown was there to hear it.
  const [open, setOpen] = useState<boolean | null>(null);
  const button = (onClick?: () => void) => (
    <Button
      type="text"
      icon={<GlobalOutlined />}
      className={className}
      aria-label={t('language')}
      onClick={onClick}
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
    >
      {t(`languages.${current}`)}
    </Button>
  );
  if (open === null) return button(() => setOpen(true));
  return (
    <Suspense fallback={button()}>
      <LanguageDropdown current={current} open={open} onOpenChange={setOpen}>
        {button()}
      </LanguageDropdown>
    </Suspense>
  );
}
