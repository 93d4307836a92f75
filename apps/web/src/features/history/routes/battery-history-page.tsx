import { type BatteryRangePoint, historyRanges } from '@cellsight/contract';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { isComplete, rangeParams, useBatteryRangeHistory } from '../api/history-api';
import { HistoryCharts } from '../components/history-charts';
import { BatteryPicker } from '../components/history-pickers';
import { HistoryScreen } from '../components/history-screen';
import { RangeControl } from '../components/range-control';
import { useRangeSearch } from '../lib/use-range-search';

/**
 * Battery daily and history (spec route battery-history, `/battery/history?batterySn=`): one
 * battery's power and SOC over a day, month, year or custom range of its station's zone, energy per
 * day or month, the same points as a table, and their export.
 */
export default function BatteryHistoryPage() {
  const { t } = useTranslation('history');
  const { subject: batterySn, query, setSubject, setQuery } = useRangeSearch('batterySn', historyRanges);
  const history = useBatteryRangeHistory(batterySn, query);
  const data = history.data?.batterySn === batterySn ? history.data : undefined;
  const readings = useMemo(() => (data?.points ?? []).map((p) => ({ bucketStart: p.bucketStart, power: p.powerAvg / 1000, soc: p.socAvg })), [data]);
  const columns: ColumnsType<BatteryRangePoint> = [
    { key: 'time', title: t('table.time'), dataIndex: 'localTime', width: 150 },
    { key: 'soc', title: t('table.soc'), render: (_, p) => formatNumber(p.socAvg, 1, ' %') },
    { key: 'socRange', title: t('table.socRange'), render: (_, p) => `${formatNumber(p.socMin, 1)} – ${formatNumber(p.socMax, 1, ' %')}` },
    { key: 'power', title: t('table.power'), render: (_, p) => formatNumber(p.powerAvg / 1000, 2, ' kW') },
    { key: 'powerRange', title: t('table.powerRange'), render: (_, p) => `${formatNumber(p.powerMin / 1000, 2)} – ${formatNumber(p.powerMax / 1000, 2, ' kW')}` },
    { key: 'voltage', title: t('table.voltage'), render: (_, p) => formatNumber(p.voltageAvg, 2, ' V') },
    { key: 'current', title: t('table.current'), render: (_, p) => formatNumber(p.currentAvg, 2, ' A') },
    { key: 'temperature', title: t('table.temperature'), render: (_, p) => formatNumber(p.temperatureAvg, 1, ' °C') },
    { key: 'charge', title: t('table.chargeToday'), render: (_, p) => formatNumber(p.chargeEnergy, 2, ' kWh') },
    { key: 'discharge', title: t('table.dischargeToday'), render: (_, p) => formatNumber(p.dischargeEnergy, 2, ' kWh') },
  ];

  return (
    <HistoryScreen
      toolbar={
        <>
          <BatteryPicker value={batterySn} onChange={setSubject} />
          <RangeControl ranges={historyRanges} value={query} onChange={setQuery} />
        </>
      }
      exportPath="/want/battery/historyRange"
      exportParams={{ batterySn, ...rangeParams(query) }}
      hint={batterySn === '' ? t('battery.choose') : isComplete(query) ? null : t('range.chooseCustom')}
      result={history}
      charts={data && <HistoryCharts points={readings} range={data} energy={data.energy} energyGrouping={data.energyGrouping} bucketCount={data.bucketCount} />}
      points={data?.points}
      columns={columns}
    />
  );
}
