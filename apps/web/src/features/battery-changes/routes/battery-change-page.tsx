import { batteryChangeRemarkMax, batteryChangeResource } from '@cellsight/contract';
import { Input, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StationSelect } from '@/components/pickers/station-select';
import { DateTimeInput, ResourcePage } from '@/kit/resource-page';
import type { SearchField } from '@/kit/list-state';
import { useBatteryChangeLiveRefresh } from '../api/use-battery-change-live-refresh';
import { ChangeSourceTag } from '../components/change-source-tag';

const search: readonly SearchField[] = [
  { field: 'sn' },
  { field: 'loggerGsn', rule: 'like' },
  { field: 'stationId' },
  { field: 'source' },
  { field: 'changeTime', range: true },
];

/**
 * Battery change records (spec route battery-change): packs replaced on site, detected by the
 * platform when a logger reports a new battery in the slot of another or entered by hand, and packs
 * moved between loggers; newest first, with who entered them. New records arrive live.
 */
export default function BatteryChangePage() {
  const { t } = useTranslation('battery-changes');
  useBatteryChangeLiveRefresh();

  return (
    <ResourcePage
      resource={batteryChangeResource}
      columns={[
        'oldSn',
        'newSn',
        'loggerGsn',
        'stationName',
        'changeTime',
        { field: 'source', render: (change) => <ChangeSourceTag change={change} /> },
        { field: 'createBy', render: (change) => change.createBy ?? <Typography.Text type="secondary">{t('list.platform')}</Typography.Text> },
        {
          field: 'remark',
          render: (change) =>
            change.remark && (
              <Tooltip title={change.remark}>
                <Typography.Text ellipsis style={{ maxWidth: 220 }}>
                  {change.remark}
                </Typography.Text>
              </Tooltip>
            ),
        },
      ]}
      search={search}
      searchInputs={{
        sn: <Input allowClear autoComplete="off" placeholder={t('list.snPlaceholder')} style={{ minWidth: 220 }} />,
        stationId: <StationSelect />,
      }}
      form={{
        fields: ['loggerGsn', 'oldSn', 'newSn', 'changeTime', 'remark'],
        inputs: {
          changeTime: <DateTimeInput notAfterNow />,
          remark: <Input.TextArea rows={3} showCount maxLength={batteryChangeRemarkMax} placeholder={t('form.remarkPlaceholder')} />,
        },
      }}
    />
  );
}
