import { userRecordSchema, userResource } from '@cellsight/contract';
import { buildRecords } from '@cellsight/contract/testing';
import { describeListPage } from '@/testing/list-page-conformance';
import UserListPage from './user-list-page';

describeListPage('users', {
  page: UserListPage,
  resource: userResource,
  records: buildRecords(userRecordSchema, [
    { username: 'alice', realname: 'Alice Liddell', sex: 2, status: 1, email: 'alice@example.com', phone: '13800000001', avatar: null },
    { username: 'bob', realname: 'Bob Builder', sex: 1, status: 2, email: null, phone: null, avatar: null },
  ]),
  cellField: 'username',
  columns: ['username', 'realname', 'sex', 'phone', 'email', 'status', 'createTime'],
});
