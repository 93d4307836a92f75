import { positionResource } from '@cellsight/contract';
import { buildRecords } from '@cellsight/contract/testing';
import { describeListPage } from '@/testing/list-page-conformance';
import PositionListPage from './position-list-page';

describeListPage('positions', {
  page: PositionListPage,
  resource: positionResource,
  records: buildRecords(positionResource.record, [
    { code: 'ENG', name: 'Engineer', rank: '3', rank_dictText: 'Intermediate' },
    { code: 'TEC', name: 'Technician', rank: '2', rank_dictText: 'Assistant' },
  ]),
  cellField: 'name',
  columns: ['code', 'name', 'rank', 'createTime'],
});
