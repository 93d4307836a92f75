import { type DataLogRecord, type DataLogVersion, type Language, dataLogActionNames, dataLogTableNames, wordsIn } from '@cellsight/contract';
import { Alert, Checkbox, Drawer, Select, Space, Spin, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { formatDateTime } from '@/lib/format';
import { useDataLogCompare, useDataLogVersions } from '../api/data-log';
import { type DiffRow, diffRows } from './diff-rows';

interface DataLogDiffDrawerProps {
  /** The entry whose change is shown first: compared with the version before it. */
  entry: DataLogRecord | null;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}

const changedStyle = { background: 'var(--ant-color-warning-bg, #fffbe6)' };

/**
 * Two versions of one record side by side (spec section 2 "data log"): every field of either, the
 * changed ones highlighted, any two versions of the record selectable. Opened on an entry, it shows
 * what that change did (the version before it against it).
 */
export function DataLogDiffDrawer({ entry, open, onClose, afterClose }: DataLogDiffDrawerProps) {
  const { t, i18n } = useTranslation('data-log');
  const language = i18n.language as Language;
  const versions = useDataLogVersions(entry?.dataTable ?? '', entry?.dataId ?? '', open && entry !== null);
  const [chosen, setChosen] = useState<{ left?: string; right?: string }>({});
  const [onlyChanged, setOnlyChanged] = useState(false);

  const list = versions.data ?? [];
  const index = list.findIndex((version) => version.id === entry?.id);
  const right = chosen.right ?? entry?.id;
  // A cleared left choice ('') means "before the right version's change".
  const left = chosen.left !== undefined ? chosen.left || undefined : index > 0 ? list[index - 1]?.id : undefined;
  const compared = useDataLogCompare(left ?? right, right);

  // Without a left version (a record's first change, or none chosen): the right entry's own before and after.
  const newer = compared.data?.find((e) => e.id === right) ?? (right === entry?.id ? entry : null);
  const older = left ? (compared.data?.find((e) => e.id === left) ?? null) : null;
  const rows = diffRows(left ? (older?.dataContent ?? null) : (newer?.dataBefore ?? null), newer?.dataContent ?? null);
  const shown = onlyChanged ? rows.filter((row) => row.changed) : rows;

  const versionLabel = (version: DataLogVersion) => `${t('version', { version: version.dataVersion })} · ${wordsIn(dataLogActionNames[version.action], language)} · ${formatDateTime(version.createTime)}${version.createBy ? ` · ${version.createBy}` : ''}`;
  const options = list.map((version) => ({ value: version.id, label: versionLabel(version) }));
  const tableName = entry ? (dataLogTableNames[entry.dataTable as keyof typeof dataLogTableNames] ?? null) : null;

  return (
    <Drawer
      open={open}
      size={900}
      title={entry ? t('diff.title', { table: tableName ? wordsIn(tableName, language) : entry.dataTable, id: entry.dataId }) : undefined}
      onClose={onClose}
      afterOpenChange={(visible) => {
        if (!visible) {
          setChosen({});
          afterClose();
        }
      }}
      destroyOnHidden
    >
      {versions.isError ? (
        <LoadErrorAlert error={versions.error} onRetry={() => void versions.refetch()} />
      ) : versions.isPending ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }} size="middle">
          <Space wrap>
            <Select aria-label={t('diff.left')} style={{ minWidth: 320 }} allowClear placeholder={t('diff.before')} value={left} options={options} onChange={(value: string | undefined) => setChosen((current) => ({ ...current, left: value ?? '' }))} />
            <Select aria-label={t('diff.right')} style={{ minWidth: 320 }} value={right} options={options} onChange={(value: string) => setChosen((current) => ({ ...current, right: value }))} />
            <Checkbox checked={onlyChanged} onChange={(event) => setOnlyChanged(event.target.checked)}>
              {t('diff.onlyChanged')}
            </Checkbox>
          </Space>
          {compared.isError && <LoadErrorAlert error={compared.error} onRetry={() => void compared.refetch()} />}
          <Typography.Text type="secondary">{t('diff.changedCount', { count: rows.filter((row) => row.changed).length })}</Typography.Text>
          {shown.length === 0 && rows.length > 0 ? (
            <Alert type="info" showIcon message={t('diff.noChange')} />
          ) : (
            <Table<DiffRow>
              size="small"
              rowKey="field"
              pagination={false}
              loading={compared.isFetching}
              dataSource={shown}
              onRow={(row) => (row.changed ? { style: changedStyle, 'aria-label': t('diff.changedRow', { field: row.field }) } : {})}
              columns={[
                { title: t('diff.field'), dataIndex: 'field', width: 180 },
                { title: left ? t('diff.left') : t('diff.before'), dataIndex: 'left', render: (value: string) => <span style={{ wordBreak: 'break-all' }}>{value}</span> },
                { title: t('diff.right'), dataIndex: 'right', render: (value: string, row) => <span style={{ wordBreak: 'break-all', fontWeight: row.changed ? 600 : undefined }}>{value}</span> },
              ]}
            />
          )}
        </Space>
      )}
    </Drawer>
  );
}
