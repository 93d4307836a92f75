import { SearchOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useConsole } from '../../console/console-context';
import { isExternal, visibleLeaves } from '../../console/menu-tree';
import { useMenuTitle } from '../../console/menu-title';

/** Finds a menu page by title and opens it (external pages in a new window). */
export function MenuSearch() {
  const { t } = useTranslation('layout');
  const { menu } = useConsole();
  const navigate = useNavigate();
  const menuTitle = useMenuTitle();
  const leaves = useMemo(() => visibleLeaves(menu), [menu]);
  const options = useMemo(() => leaves.map((item) => ({ value: item.path, label: menuTitle(item) })), [leaves, menuTitle]);

  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      value={null}
      options={options}
      placeholder={t('header.searchMenu')}
      aria-label={t('header.searchMenu')}
      suffixIcon={<SearchOutlined />}
      variant="borderless"
      style={{ width: 180 }}
      popupMatchSelectWidth={240}
      onChange={(path: string) => {
        const item = leaves.find((leaf) => leaf.path === path);
        if (item && isExternal(item)) window.open(item.meta.url || item.path, '_blank', 'noopener,noreferrer');
        else void navigate(path);
      }}
    />
  );
}
