import { LogType, type LogTypeValue, logResource } from '@cellsight/contract';
import { ResourcePage } from '@/kit/resource-page';
import type { SearchField } from '@/kit/list-state';

const search: readonly SearchField[] = [{ field: 'logContent', rule: 'like' }, { field: 'createTime', range: true }];
const loginColumns = ['logContent', 'userid', 'username', 'ip', 'createTime'] as const;
// Only changes carry an operation, a request and a duration.
const operationColumns = ['logContent', 'userid', 'username', 'ip', 'operateType', 'requestType', 'requestUrl', 'costTime', 'createTime'] as const;

/** One kind of log (login or operation) as a read-only list: search by content and by days. */
export function LogList({ logType }: { logType: LogTypeValue }) {
  return (
    <ResourcePage
      resource={logResource}
      columns={logType === LogType.Login ? loginColumns : operationColumns}
      search={search}
      fixedQuery={{ logType }}
      title={false}
    />
  );
}
