import { type BatteryRecord, batteryResource } from '@cellsight/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ResourceColumn, ResourcePage } from '@/kit/resource-page';
import type { SearchField } from '@/kit/list-state';
import { batteryRefreshMs } from '../api/battery-keys';
import { type FormattedField, useBatteryValue } from '../components/battery-values';
import { batteryPaths } from '../lib/battery-paths';

const search: readonly SearchField[] = [
  { field: 'batterySn', rule: 'like' },
  { field: 'stationName', rule: 'like' },
  { field: 'loggerGsn', rule: 'like' },
  { field: 'state' },
  { field: 'status' },
  { field: 'soc', range: 'number' },
  { field: 'soh', range: 'number' },
];

const states = ['charge', 'discharge', 'none', 'idle'] as const;
const statuses = ['normal', 'warning', 'upgrading', 'error', 'protect', 'fault'] as const;

/**
 * The battery list (spec route battery-index), on the screen kit: every battery of the user's
 * scope with its latest reading and its station; live device events and a 15-second re-read keep it
 * current. Each battery opens to its detail (remote setting, cells, restart and shutdown).
 */
export default function BatteryListPage() {
  const { t } = useTranslation('batteries');
  const { t: battery } = useTranslation('battery');
  const value = useBatteryValue();
  const shown = (field: FormattedField): ResourceColumn<BatteryRecord> => ({ field, render: (record) => value(record, field) });

  return (
    <ResourcePage
      resource={batteryResource}
      rowKey={(record) => record.batterySn}
      columns={[
        { field: 'batterySn', render: (record) => <Link to={batteryPaths.detail(record.batterySn)}>{record.batterySn}</Link> },
        'alias',
        'bmsSn',
        'bmuSn',
        'loggerGsn',
        shown('stationName'),
        shown('state'),
        shown('status'),
        shown('soc'),
        shown('soh'),
        'cycles',
        shown('voltage'),
        shown('current'),
        shown('power'),
        shown('temperature'),
        shown('chargeEnergyToday'),
        shown('dischargeEnergyToday'),
        shown('relayMain'),
        shown('relayCharge'),
        shown('relayDischarge'),
        'hwVersion',
        'swVersion',
        shown('role'),
        'workMode',
        shown('lastTs'),
      ]}
      search={search}
      searchInputs={{
        state: <Select allowClear style={{ minWidth: 130 }} options={states.map((state) => ({ value: state, label: battery(`state.${state}`) }))} />,
        status: <Select allowClear style={{ minWidth: 130 }} options={statuses.map((status) => ({ value: status, label: battery(`status.${status}`) }))} />,
      }}
      rowActions={(record) => <Link to={batteryPaths.detail(record.batterySn)}>{t('list.open')}</Link>}
      refreshMs={batteryRefreshMs}
    />
  );
}
