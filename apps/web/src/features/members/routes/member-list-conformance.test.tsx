import { memberResource } from '@cellsight/contract';
import { buildRecords } from '@cellsight/contract/testing';
import { describeListPage } from '@/testing/list-page-conformance';
import MemberListPage from './member-list-page';

describeListPage('members', {
  page: MemberListPage,
  resource: memberResource,
  records: buildRecords(memberResource.record, [
    { username: 'enduser', realname: 'Demo End User', company: 'Sun & Co', accountType: 'end_user', superiorName: 'Demo Installer', status: 1 },
    { username: 'installer', realname: 'Demo Installer', company: null, accountType: 'installer', superiorName: 'Demo Distributor', status: 1 },
  ]),
  cellField: 'username',
  columns: ['username', 'realname', 'company', 'accountType', 'superiorName', 'phone', 'email', 'status', 'createTime'],
});
