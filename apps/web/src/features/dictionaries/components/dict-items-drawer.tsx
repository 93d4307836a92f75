import { type DictRecord, dictItemResource } from '@cellsight/contract';
import { Drawer, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '@/components/resource-page';
import { TranslationsInput } from './form-inputs';

interface DictItemsDrawerProps {
  dictionary: DictRecord | null;
  onClose: () => void;
}

/** The items of one dictionary: a nested list whose calls and saves all carry the dictionary's id. */
export function DictItemsDrawer({ dictionary, onClose }: DictItemsDrawerProps) {
  const { t } = useTranslation('dictionaries');
  return (
    <Drawer open={dictionary !== null} onClose={onClose} size="large" title={dictionary ? t('items.title', { name: dictionary.dictName, code: dictionary.dictCode }) : ''} destroyOnHidden>
      {dictionary && (
        <ResourcePage
          resource={dictItemResource}
          inUrl={false}
          title={false}
          fixedQuery={{ dictId: dictionary.id }}
          columns={['itemText', 'itemValue', 'sortOrder', 'status']}
          search={[{ field: 'itemText', rule: 'like' }, { field: 'status' }]}
          form={{
            fields: ['itemText', 'itemValue', 'description', 'sortOrder', 'status', 'translations'],
            inputs: {
              sortOrder: <InputNumber min={0} precision={0} style={{ width: '100%' }} />,
              translations: <TranslationsInput />,
            },
            initialValues: { status: '1', sortOrder: 1 },
          }}
        />
      )}
    </Drawer>
  );
}
