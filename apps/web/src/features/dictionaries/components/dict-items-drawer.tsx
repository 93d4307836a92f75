import type { DictRecord } from '@cellsight/contract';
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictItemsGrid } from './dict-items-grid';

interface DictItemsDrawerProps {
  dictionary: DictRecord | null;
  onClose: () => void;
}

/** The items of one dictionary, edited together in the grid and saved in one request. */
export function DictItemsDrawer({ dictionary, onClose }: DictItemsDrawerProps) {
  const { t } = useTranslation('dictionaries');
  return (
    <Drawer open={dictionary !== null} onClose={onClose} size="large" styles={{ wrapper: { width: 'min(1100px, 100vw)' } }} title={dictionary ? t('items.title', { name: dictionary.dictName, code: dictionary.dictCode }) : ''} destroyOnHidden>
      {dictionary && <DictItemsGrid dictionary={dictionary} />}
    </Drawer>
  );
}
