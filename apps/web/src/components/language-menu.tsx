import { CheckOutlined, GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, type Language, languages } from '@/lib/i18n';

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

/** A globe button that opens the language list. */
export function LanguageMenu({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const items = useLanguageItems();
  const current = (languages as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en-US';
  return (
    <Dropdown menu={{ items, selectedKeys: [current] }} trigger={['click']} placement="bottomRight">
      <Button type="text" icon={<GlobalOutlined />} className={className} aria-label={t('language')}>
        {t(`languages.${current}`)}
      </Button>
    </Dropdown>
  );
}
