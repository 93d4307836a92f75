import { loggerResource } from '@cellsight/contract';
import { buildRecords } from '@cellsight/contract/testing';
import { describeListPage } from '@/testing/list-page-conformance';
import LoggerListPage from './logger-list-page';

describeListPage('loggers', {
  page: LoggerListPage,
  resource: loggerResource,
  records: buildRecords(loggerResource.record, [
    { gsn: 'GW-0001', online: true, batteryCount: 0 },
    { gsn: 'GW-0002', online: false, batteryCount: 0 },
  ]),
  cellField: 'gsn',
  columns: ['gsn', 'firmware', 'createTime'],
});
