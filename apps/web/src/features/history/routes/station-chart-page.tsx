import { type StationChartPoint, stationChartRanges } from '@cellsight/contract';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { rangeParams, useStationChart } from '../api/history-api';
import { HistoryCharts } from '../components/history-charts';
import { StationPicker } from '../components/history-pickers';
import { HistoryScreen } from '../components/history-screen';
import { RangeControl } from '../components/range-control';
import { useRangeSearch } from '../lib/use-range-search';

/**
 * The station chart (spec route site-chart, `/site/chart?id=`): a station's power (its batteries
 * summed) and average SOC over a day, month, year or all time of its zone, energy per day, month or
 * year, the points as a table, and their export.
 */
export default function StationChartPage() {
  const { t } = useTranslation('history');
  const { subject: id, query, setSubject, setQuery } = useRangeSearch('id', stationChartRanges);
  const chart = useStationChart(id, query);
  const data = chart.data?.id === id ? chart.data : undefined;
  const columns: ColumnsType<StationChartPoint> = [
    { key: 'time', title: t('table.time'), dataIndex: 'localTime', width: 150 },
    { key: 'power', title: t('table.power'), render: (_, p) => formatNumber(p.power, 2, ' kW') },
    { key: 'soc', title: t('table.soc'), render: (_, p) => formatNumber(p.soc, 1, ' %') },
    { key: 'batteries', title: t('table.batteries'), render: (_, p) => formatNumber(p.batteries, 0) },
  ];

  return (
    <HistoryScreen
      toolbar={
        <>
          <StationPicker value={id} onChange={setSubject} />
          <RangeControl ranges={stationChartRanges} value={query} onChange={setQuery} />
        </>
      }
      exportPath="/want/tbStation/chart"
      exportParams={{ id, ...rangeParams(query) }}
      hint={id === '' ? t('station.choose') : null}
      result={chart}
      charts={data && <HistoryCharts points={data.points} range={data} energy={data.energy} energyGrouping={data.energyGrouping} bucketCount={data.bucketCount} />}
      points={data?.points}
      columns={columns}
    />
  );
}
