import type { BatteryRecord } from '@cellsight/contract';
import { LineChartOutlined } from '@ant-design/icons';
import { Alert, Button, Progress, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { useServerFeedback } from '@/lib/server-feedback';
import { useLoggerBatteries } from '../api/get-battery-list';
import { BatteryStatusTag, useBatteryTexts } from '@/components/battery';
import { formatNumber } from '@/lib/format';
import { BatteryDetailDrawer } from './battery-detail-drawer';
import { MoveBatteryAction } from './move-battery-dialog';

/** The batteries of one logger with their latest reading; refreshes itself while open. */
export function BatteryTable({ gsn }: { gsn: string }) {
  const { t } = useTranslation('loggers');
  const feedback = useServerFeedback();
  const batteries = useLoggerBatteries(gsn);
  const texts = useBatteryTexts();
  const [detailOf, setDetailOf] = useState<string | null>(null);

  const columns: TableColumnsType<BatteryRecord> = [
    { title: t('battery.batterySn'), dataIndex: 'batterySn', key: 'batterySn' },
    { title: t('battery.role'), dataIndex: 'role', key: 'role', render: (role: string | null) => texts.role(role) },
    { title: t('battery.state'), dataIndex: 'state', key: 'state', render: (state: string | null) => texts.state(state) },
    { title: t('battery.status'), dataIndex: 'status', key: 'status', render: (status: string | null) => <BatteryStatusTag status={status} /> },
    {
      title: t('battery.soc'),
      dataIndex: 'soc',
      key: 'soc',
      render: (soc: number | null) => (soc === null ? '' : <Progress percent={Math.round(soc)} size="small" style={{ minWidth: 100 }} aria-label={t('battery.soc')} />),
    },
    { title: t('battery.soh'), dataIndex: 'soh', key: 'soh', render: (value: number | null) => formatNumber(value, 0, '%') },
    { title: t('battery.power'), dataIndex: 'power', key: 'power', render: (watts: number | null) => formatNumber(watts === null ? null : watts / 1000, 2, ' kW') },
    { title: t('battery.voltage'), dataIndex: 'voltage', key: 'voltage', render: (value: number | null) => formatNumber(value, 1, ' V') },
    { title: t('battery.current'), dataIndex: 'current', key: 'current', render: (value: number | null) => formatNumber(value, 1, ' A') },
    { title: t('battery.temperature'), dataIndex: 'temperature', key: 'temperature', render: (value: number | null) => formatNumber(value, 1, ' °C') },
    { title: t('battery.chargeToday'), dataIndex: 'chargeEnergyToday', key: 'chargeEnergyToday', render: (value: number | null) => formatNumber(value, 2, ' kWh') },
    { title: t('battery.dischargeToday'), dataIndex: 'dischargeEnergyToday', key: 'dischargeEnergyToday', render: (value: number | null) => formatNumber(value, 2, ' kWh') },
    { title: t('battery.cycles'), dataIndex: 'cycles', key: 'cycles' },
    { title: t('battery.lastTs'), dataIndex: 'lastTs', key: 'lastTs', render: (value: string | null) => formatDateTime(value), onCell: () => ({ style: { whiteSpace: 'nowrap' } }) },
    {
      title: t('battery.actions'),
      key: 'actions',
      render: (_value, record) => (
        <>
          <Button type="link" icon={<LineChartOutlined />} onClick={() => setDetailOf(record.batterySn)} aria-label={t('history.open', { batterySn: record.batterySn })}>
            {t('history.button')}
          </Button>
          <MoveBatteryAction batterySn={record.batterySn} gsn={gsn} />
        </>
      ),
    },
  ];

  if (batteries.isError) return <Alert type="warning" showIcon title={feedback.errorText(batteries.error)} />;
  return (
    <>
      <Table<BatteryRecord>
        rowKey="batterySn"
        size="small"
        columns={columns}
        dataSource={batteries.data?.records ?? []}
        loading={batteries.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        aria-label={t('battery.tableLabel', { gsn })}
        locale={{ emptyText: t('battery.empty') }}
      />
      <BatteryDetailDrawer batterySn={detailOf} onClose={() => setDetailOf(null)} />
    </>
  );
}
