import { Permission, loggerListColumns, positionResource, userListColumns } from '@cellsight/contract';
import { describeListEndpoint } from './support/list-conformance.js';
import { addUser } from './support/test-app.js';

/** Every list endpoint keeps the same list contract; each screen adds itself here. */

describeListEndpoint('users', {
  url: '/boot/sys/user/list',
  columns: userListColumns,
  permission: Permission.UserList,
  async seed(t, admin) {
    for (const username of ['conform_a', 'conform_b', 'conform_c']) await addUser(t, admin, { username, realname: `Real ${username}` });
  },
  writes: [
    { method: 'POST', url: '/boot/sys/user/add' },
    { method: 'PUT', url: '/boot/sys/user/edit' },
    { method: 'DELETE', url: '/boot/sys/user/delete' },
    { method: 'DELETE', url: '/boot/sys/user/deleteBatch' },
    { method: 'PUT', url: '/boot/sys/user/frozenBatch' },
  ],
});

describeListEndpoint('positions', {
  url: '/boot/sys/position/list',
  columns: positionResource.columns,
  permission: Permission.PositionList,
  async seed(t, admin) {
    for (const [code, name, rank] of [['P01', 'Engineer', '3'], ['P02', 'Technician', '2'], ['P03', 'Manager', '4']]) {
      const response = await t.request({ method: 'POST', url: '/boot/sys/position/add', token: admin, payload: { code, name, rank } });
      if (response.statusCode !== 200) throw new Error(response.body);
    }
  },
  writes: [
    { method: 'POST', url: '/boot/sys/position/add' },
    { method: 'PUT', url: '/boot/sys/position/edit' },
    { method: 'DELETE', url: '/boot/sys/position/delete' },
    { method: 'DELETE', url: '/boot/sys/position/deleteBatch' },
    { method: 'POST', url: '/boot/sys/position/importExcel' },
  ],
});

void loggerListColumns;
