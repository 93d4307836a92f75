import { type DataLogActionName, type DataLogRecord, type Language, dataLogActionNames, dataLogActions, dataLogResource, dataLogTableNames, dataLogTables, wordsIn } from '@cellsight/contract';
import { Button, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '@/kit/resource-page';
import { DataLogDiffDrawer } from '../components/data-log-diff-drawer';

const actionColors: Record<DataLogActionName, string> = { add: 'green', edit: 'blue', delete: 'red' };

/**
 * System administration: the data log (spec section 2). Every change to a station, logger, battery
 * setting, user or role of the caller's tenants, filtered by table, record, who and when; a change
 * opens side by side with the version before it.
 */
export default function DataLogListPage() {
  const { t, i18n } = useTranslation('data-log');
  const language = i18n.language as Language;
  const [panel, setPanel] = useState<{ entry: DataLogRecord; open: boolean } | null>(null);
  const tableName = (table: string) => {
    const words = dataLogTableNames[table as keyof typeof dataLogTableNames];
    return words ? wordsIn(words, language) : table;
  };
  return (
    <>
      <ResourcePage
        resource={dataLogResource}
        columns={[
          { field: 'dataTable', render: (entry) => tableName(entry.dataTable) },
          'dataId',
          'dataVersion',
          { field: 'action', render: (entry) => <Tag color={actionColors[entry.action]}>{wordsIn(dataLogActionNames[entry.action], language)}</Tag> },
          'createBy',
          'createTime',
        ]}
        search={[{ field: 'dataTable' }, { field: 'dataId', rule: 'like' }, { field: 'createBy', rule: 'like' }, { field: 'action' }, { field: 'createTime' }]}
        searchInputs={{
          dataTable: <Select allowClear style={{ minWidth: 160 }} options={dataLogTables.map((table) => ({ value: table, label: tableName(table) }))} />,
          action: <Select allowClear style={{ minWidth: 120 }} options={dataLogActions.map((action) => ({ value: action, label: wordsIn(dataLogActionNames[action], language) }))} />,
        }}
        rowActions={(entry) => (
          <Button type="link" size="small" onClick={() => setPanel({ entry, open: true })}>
            {t('actions.compare')}
          </Button>
        )}
      />
      <DataLogDiffDrawer entry={panel?.entry ?? null} open={panel?.open ?? false} onClose={() => setPanel((current) => current && { ...current, open: false })} afterClose={() => setPanel(null)} />
    </>
  );
}
