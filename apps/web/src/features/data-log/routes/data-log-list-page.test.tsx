import { dataLogResource } from '@cellsight/contract';
import { buildRecords } from '@cellsight/contract/testing';
import { describeListPage } from '@/testing/list-page-conformance';
import DataLogListPage from './data-log-list-page';

describeListPage('data log', {
  page: DataLogListPage,
  resource: dataLogResource,
  records: buildRecords(dataLogResource.record, [
    { dataTable: 'tb_station', dataId: 'station-one', dataVersion: 1, action: 'add', dataBefore: null, dataContent: { name: 'Harbour' }, tenantId: 1 },
    { dataTable: 'sys_user', dataId: 'user-two', dataVersion: 3, action: 'edit', dataBefore: { realname: 'A' }, dataContent: { realname: 'B' }, tenantId: 1 },
  ]),
  cellField: 'dataId',
  columns: ['dataTable', 'dataId', 'dataVersion', 'action', 'createBy', 'createTime'],
});
