import { batteryResource } from '@cellsight/contract';
import { buildRecords } from '@cellsight/contract/testing';
import { describeListPage } from '@/testing/list-page-conformance';
import BatteryListPage from './battery-list-page';

describeListPage('batteries', {
  page: BatteryListPage,
  resource: batteryResource,
  records: buildRecords(batteryResource.record, [
    { batterySn: 'PACK-0001', loggerGsn: 'GW-0001', stationId: null, stationName: null, status: 'normal', soc: 80 },
    { batterySn: 'PACK-0002', loggerGsn: 'GW-0001', stationId: null, stationName: null, status: 'fault', soc: 12 },
  ]),
  cellField: 'batterySn',
  columns: ['batterySn', 'stationName', 'status', 'soc', 'soh', 'cycles', 'chargeEnergyToday', 'relayMain', 'role', 'workMode', 'lastTs'],
});
