import { LogType, logResource } from '@cellsight/contract';
import { buildRecords } from '@cellsight/contract/testing';
import { describeListPage } from '@/testing/list-page-conformance';
import { LogList } from './log-list';

function OperationLogList() {
  return <LogList logType={LogType.Operation} />;
}

describeListPage('logs', {
  page: OperationLogList,
  resource: logResource,
  records: buildRecords(logResource.record, [
    { logType: LogType.Operation, logContent: 'POST /boot/sys/position/add → 200', operateType: 2, operateType_dictText: 'Add', userid: 'admin', requestType: 'POST' },
    { logType: LogType.Operation, logContent: 'DELETE /boot/sys/position/delete → 200', operateType: 4, operateType_dictText: 'Delete', userid: 'admin', requestType: 'DELETE' },
  ]),
  cellField: 'logContent',
  columns: ['logContent', 'userid', 'username', 'ip', 'operateType', 'requestType', 'requestUrl', 'costTime', 'createTime'],
});
