import { type DepartTreeNode, type Page, type PermissionCode, type PermissionTree, Permission, departRecordSchema, departRoleResource } from '@cellsight/contract';
import { buildRecord, buildRecords } from '@cellsight/contract/testing';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { envelope, findDialog, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { describeListPage } from '@/testing/list-page-conformance';
import { DepartRolesPanel } from './depart-roles-panel';

const depart: DepartTreeNode = {
  ...buildRecord(departRecordSchema, { id: 'd-sales', departName: 'Sales', orgCode: 'A01', parentId: null, departOrder: 0, orgCategory: '1', status: '1', departNameEn: null, mobile: null, fax: null, address: null, description: null, memo: null }),
  key: 'd-sales',
  value: 'd-sales',
  title: 'Sales',
  isLeaf: true,
  children: [],
};
const roles = buildRecords(departRoleResource.record, [{ id: 'dr-clerk', departId: 'd-sales', roleName: 'Clerk', roleCode: 'clerk', description: null }]);
const node = (key: string, title: string, parentId: string | null, children: PermissionTree['treeList'] = []): PermissionTree['treeList'][number] => ({ key, title, slotTitle: title, isLeaf: children.length === 0, icon: null, parentId, children });
// Only what the department holds: the role's dialog offers nothing else.
const departTree: PermissionTree = { treeList: [node('m-system-user', 'Users menu', null, [node('b-user-list', 'List users', 'm-system-user')])], ids: ['m-system-user', 'b-user-list'] };
const page = <T,>(records: T[]): Page<T> => ({ records, total: records.length, size: 10, current: 1, pages: 1 });

let listQueries: Record<string, string>[] = [];
let added: unknown[] = [];
let saved: unknown[] = [];
let userListQueries: Record<string, string>[] = [];
const paramsOf = (request: Request) => {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  delete params._t;
  return params;
};


const grant = (...codes: PermissionCode[]) => setPermissions({ auth: codes.map((action) => ({ action, describe: action, type: '1', status: '1' })), allAuth: [] });
const rowOf = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr') as HTMLElement;

describeListPage('department roles', {
  page: () => <DepartRolesPanel depart={depart} />,
  resource: departRoleResource,
  records: buildRecords(departRoleResource.record, [
    { id: 'dr-a', departId: 'd-sales', roleName: 'Clerk', roleCode: 'clerk', description: 'Files the orders' },
    { id: 'dr-b', departId: 'd-sales', roleName: 'Planner', roleCode: 'planner', description: null },
  ]),
  cellField: 'roleName',
  columns: ['roleName', 'roleCode', 'description', 'createTime'],
});

describe('department roles', () => {
  // Inside the block: the list page conformance above answers with its own network.
  mockServer(
    http.get('/boot/sys/sysDepartRole/list', ({ request }) => {
      listQueries.push(paramsOf(request));
      return HttpResponse.json(envelope(page(roles)));
    }),
    http.post('/boot/sys/sysDepartRole/add', async ({ request }) => {
      added.push(await request.json());
      return HttpResponse.json(envelope(null, 1001, 'Added'));
    }),
    // The form's duplicate check of the role code.
    http.get('/boot/sys/duplicate/check', () => HttpResponse.json(envelope(null, 200, 'This value is available'))),
    http.get('/boot/sys/sysDepartPermission/queryTreeListForDeptRole', () => HttpResponse.json(envelope(departTree))),
    http.get('/boot/sys/sysDepartPermission/queryDeptRolePermission', () => HttpResponse.json(envelope([]))),
    http.post('/boot/sys/sysDepartPermission/saveDeptRolePermission', async ({ request }) => {
      saved.push(await request.json());
      return HttpResponse.json(envelope(null, 1002, 'Saved'));
    }),
    http.get('/boot/sys/sysDepartRole/userList', ({ request }) => {
      userListQueries.push(paramsOf(request));
      return HttpResponse.json(envelope(page([])));
    }),
  );

  beforeAll(() => configure({ defaultHidden: true }));
  afterAll(() => configure({ defaultHidden: false }));
  beforeEach(() => {
    listQueries = [];
    added = [];
    saved = [];
    userListQueries = [];
  });
  afterEach(() => clearPermissions());

  it("lists the department's roles and adds one to this department", async () => {
    const user = userEvent.setup({ delay: null });
    grant(Permission.DepartRoleList, Permission.DepartRoleEdit);
    renderWithProviders(<DepartRolesPanel depart={depart} />);
    await rowOf('Clerk');
    expect(listQueries[0]).toMatchObject({ departId: 'd-sales', pageNo: '1' });
    await user.click(screen.getByRole('button', { name: /Add/ }));
    const dialog = await findDialog('Add department role');
    await user.type(within(dialog).getByRole('textbox', { name: 'Role name' }), 'Planner');
    await user.type(within(dialog).getByRole('textbox', { name: 'Role code' }), 'planner');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(added).toEqual([expect.objectContaining({ departId: 'd-sales', roleName: 'Planner', roleCode: 'planner' })]));
  });

  it("authorises a role within the department's own menus", async () => {
    const user = userEvent.setup({ delay: null });
    grant(Permission.DepartRoleList, Permission.DepartRoleEdit);
    renderWithProviders(<DepartRolesPanel depart={depart} />);
    await user.click(within(await rowOf('Clerk')).getByRole('button', { name: 'Authorise' }));
    expect(await screen.findByText('Menus and buttons of Clerk')).toBeInTheDocument();
    const list = (await screen.findByText('List users', { selector: '.ant-tree-title' })).closest('.ant-tree-treenode') as HTMLElement;
    expect(screen.queryByText('Loggers', { selector: '.ant-tree-title' })).toBeNull();
    await user.click(list.querySelector('.ant-tree-checkbox') as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual([{ roleId: 'dr-clerk', permissionIds: 'm-system-user,b-user-list', lastpermissionIds: '' }]));
  });

  it('shows the users of a role; without the edit permission only that', async () => {
    const user = userEvent.setup({ delay: null });
    grant(Permission.DepartRoleList);
    renderWithProviders(<DepartRolesPanel depart={depart} />);
    const row = await rowOf('Clerk');
    expect(within(row).queryByRole('button', { name: 'Authorise' })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Users' }));
    expect(await screen.findByText('Users with the department role Clerk')).toBeInTheDocument();
    await waitFor(() => expect(userListQueries[0]).toMatchObject({ roleId: 'dr-clerk' }));
    expect(screen.queryByRole('button', { name: /Add users/ })).toBeNull();
  });
});
