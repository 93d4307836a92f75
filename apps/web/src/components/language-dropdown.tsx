import { Dropdown } from 'antd';
import type { ReactElement } from 'react';
import type { Language } from '@/lib/i18n';
import { useLanguageItems } from './language-menu';

/** The language list of `LanguageMenu` (language-menu.tsx) around its button, loaded on first use. */
export default function LanguageDropdown({
  current,
  open,
  onOpenChange,
  children,
}: {
  current: Language;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactElement;
}) {
  const items = useLanguageItems();
  return (
    <Dropdown menu={{ items, selectedKeys: [current] }} trigger={['click']} placement="bottomRight" open={open} onOpenChange={onOpenChange}>
      {children}
    </Dropdown>
  );
}
