import { type Page, Permission, type PermissionCode, type PermissionTree, type UserRecord, roleResource, userRecordSchema } from '@cellsight/contract';
import { buildRecord, buildRecords } from '@cellsight/contract/testing';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { session } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import { envelope, findDialog, renderWithProviders } from '@/testing/feature-test-utils';
import { describeListPage } from '@/testing/list-page-conformance';
import RoleListPage from './role-list-page';

const roles = buildRecords(roleResource.record, [
  { id: 'r-planner', roleName: 'Planner', roleCode: 'planner', description: 'Plans the routes', tenantId: 2 },
  { id: 'r-support', roleName: 'Support desk', roleCode: 'support', description: null, tenantId: null },
]);

describeListPage('roles', {
  page: RoleListPage,
  resource: roleResource,
  records: roles,
  cellField: 'roleName',
  columns: ['roleName', 'roleCode', 'description', 'createTime'],
});

const user = (overrides: Partial<UserRecord>): UserRecord =>
  buildRecord(userRecordSchema, { avatar: null, sex: null, email: null, phone: null, status: 1, status_dictText: 'Normal', sex_dictText: null, roleNames: '', createTime: '2026-03-05T08:09:10Z', ...overrides });
const page = <T,>(records: T[]): Page<T> => ({ records, total: records.length, size: 10, current: 1, pages: 1 });

const node = (key: string, title: string, parentId: string | null, children: PermissionTree['treeList'] = []): PermissionTree['treeList'][number] => ({ key, title, slotTitle: title, isLeaf: children.length === 0, icon: null, parentId, children });
const tree: PermissionTree = {
  treeList: [
    node('m-collector', 'Loggers', null, [node('b-logger-list', 'List loggers and batteries', 'm-collector')]),
    node('m-system', 'System', null, [node('m-system-user', 'Users menu', 'm-system', [node('b-user-list', 'List users', 'm-system-user'), node('b-user-add', 'Add user', 'm-system-user')])]),
  ],
  ids: ['m-collector', 'b-logger-list', 'm-system', 'm-system-user', 'b-user-list', 'b-user-add'],
};

describe('role users and role authorisation', () => {
  let grants: string[] = [];
  let saved: unknown[] = [];
  let added: unknown[] = [];
  let removed: Record<string, string>[] = [];
  let roleUserQueries: Record<string, string>[] = [];
  let candidateQueries: Record<string, string>[] = [];
  let roleUsers: UserRecord[] = [];
  const candidates = [user({ id: 'u-ann', username: 'ann', realname: 'Ann Archer' }), user({ id: 'u-ben', username: 'ben', realname: 'Ben Baker' })];
  const queryOf = (request: Request) => {
    const params = Object.fromEntries(new URL(request.url).searchParams);
    delete params._t;
    return params;
  };

  const server = setupServer(
    http.get('/boot/sys/role/list', () => HttpResponse.json(envelope(page(roles)))),
    http.get('/boot/sys/permission/queryTreeList', () => HttpResponse.json(envelope(tree))),
    http.get('/boot/sys/permission/queryRolePermission', () => HttpResponse.json(envelope(grants))),
    http.post('/boot/sys/permission/saveRolePermission', async ({ request }) => {
      saved.push(await request.json());
      return HttpResponse.json(envelope(null, 1002, 'Saved'));
    }),
    http.get('/boot/sys/user/userRoleList', ({ request }) => {
      roleUserQueries.push(queryOf(request));
      return HttpResponse.json(envelope(page(roleUsers)));
    }),
    http.get('/boot/sys/user/list', ({ request }) => {
      candidateQueries.push(queryOf(request));
      return HttpResponse.json(envelope(page(candidates)));
    }),
    http.post('/boot/sys/user/addSysUserRole', async ({ request }) => {
      const body = (await request.json()) as { userIdList: string[] };
      added.push(body);
      roleUsers = candidates.filter((candidate) => body.userIdList.includes(candidate.id));
      return HttpResponse.json(envelope(null, 1001, 'Added'));
    }),
    http.delete('/boot/sys/user/deleteUserRole', ({ request }) => {
      removed.push(queryOf(request));
      return HttpResponse.json(envelope(null, 1003, 'Deleted'));
    }),
  );
  const grant = (...codes: PermissionCode[]) => setPermissions({ auth: codes.map((action) => ({ action, describe: action, type: '1', status: '1' })), allAuth: [] });

  // antd's large DOM makes the per-element visibility check very slow in jsdom; every query below is scoped.
  beforeAll(() => {
    configure({ defaultHidden: true });
    server.listen({ onUnhandledRequest: 'error' });
  });
  beforeEach(() => {
    grants = ['m-system', 'm-system-user', 'b-user-list', 'b-user-add'];
    saved = [];
    added = [];
    removed = [];
    roleUserQueries = [];
    candidateQueries = [];
    roleUsers = [user({ id: 'u-zoe', username: 'zoe', realname: 'Zoe Zimmer' })];
  });
  afterEach(() => {
    server.resetHandlers();
    clearPermissions();
    session.clear();
  });
  afterAll(() => {
    server.close();
    configure({ defaultHidden: false });
  });

  const openRowAction = async (roleName: string | RegExp, action: string) => {
    const row = (await screen.findByRole('cell', { name: roleName })).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: action }));
  };
  const treeNode = (title: string) => screen.getByText(title, { selector: '.ant-tree-title' }).closest('.ant-tree-treenode') as HTMLElement;
  const checkbox = (title: string) => treeNode(title).querySelector('.ant-tree-checkbox') as HTMLElement;
  const stateOf = (title: string) => {
    const box = checkbox(title);
    return box.classList.contains('ant-tree-checkbox-checked') ? 'checked' : box.classList.contains('ant-tree-checkbox-indeterminate') ? 'partly' : 'unchecked';
  };

  it('offers Users and Authorise only with their permissions', async () => {
    grant(Permission.RoleList);
    const view = renderWithProviders(<RoleListPage />);
    const row = (await screen.findByRole('cell', { name: 'Planner' })).closest('tr') as HTMLElement;
    expect(within(row).queryByRole('button', { name: 'Users' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Authorise' })).toBeNull();
    view.unmount();
    grant(Permission.RoleList, Permission.RoleAuthorize);
    renderWithProviders(<RoleListPage />);
    const again = (await screen.findByRole('cell', { name: 'Planner' })).closest('tr') as HTMLElement;
    expect(within(again).queryByRole('button', { name: 'Users' })).toBeNull();
    expect(within(again).getByRole('button', { name: 'Authorise' })).toBeInTheDocument();
  });

  it("offers no change of one of the platform's roles to a tenant administrator, and every change to the platform's", async () => {
    const all = [Permission.RoleList, Permission.RoleEdit, Permission.RoleDelete, Permission.RoleAuthorize] as const;
    // The session first: a change of it forgets the permission lists, as signing in again would.
    session.setUserInfo(userInfo({ platform: false }));
    grant(...all);
    const view = renderWithProviders(<RoleListPage />);
    const platformRow = (await screen.findByRole('cell', { name: /Support desk/ })).closest('tr') as HTMLElement;
    expect(within(platformRow).getByText('Platform')).toBeInTheDocument();
    for (const action of ['Edit', 'Delete', 'Authorise']) expect(within(platformRow).queryByRole('button', { name: action })).toBeNull();
    const ownRow = (await screen.findByRole('cell', { name: 'Planner' })).closest('tr') as HTMLElement;
    for (const action of ['Edit', 'Delete', 'Authorise']) expect(within(ownRow).getByRole('button', { name: action })).toBeInTheDocument();
    view.unmount();

    session.setUserInfo(userInfo({ platform: true }));
    grant(...all);
    renderWithProviders(<RoleListPage />);
    const again = (await screen.findByRole('cell', { name: /Support desk/ })).closest('tr') as HTMLElement;
    for (const action of ['Edit', 'Delete', 'Authorise']) expect(within(again).getByRole('button', { name: action })).toBeInTheDocument();
  });

  it("shows the role's grants in the tree; unticking a button and saving sends the new and the loaded ids", async () => {
    grant(Permission.RoleList, Permission.RoleAuthorize);
    renderWithProviders(<RoleListPage />);
    await openRowAction('Planner', 'Authorise');
    await screen.findByText('List users', { selector: '.ant-tree-title' });
    expect(screen.getByText('Menus and buttons of Planner')).toBeInTheDocument();
    expect(['System', 'Users menu', 'List users', 'Add user', 'Loggers'].map(stateOf)).toEqual(['checked', 'checked', 'checked', 'checked', 'unchecked']);

    await userEvent.click(checkbox('Add user'));
    // The menu stays granted, now only partly: the row above shows it.
    expect(['System', 'Users menu', 'List users', 'Add user'].map(stateOf)).toEqual(['partly', 'partly', 'checked', 'unchecked']);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ roleId: 'r-planner', permissionIds: 'm-system,m-system-user,b-user-list', lastpermissionIds: 'm-system,m-system-user,b-user-list,b-user-add' });
    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
  });

  it('ticks the menus above a ticked button, and unticks a menu left without buttons', async () => {
    grants = [];
    // One of the platform's roles: its administrators authorise it.
    session.setUserInfo(userInfo({ platform: true }));
    grant(Permission.RoleList, Permission.RoleAuthorize);
    renderWithProviders(<RoleListPage />);
    await openRowAction(/Support desk/, 'Authorise');
    await screen.findByText('List users', { selector: '.ant-tree-title' });
    await userEvent.click(checkbox('List users'));
    expect(['System', 'Users menu', 'List users', 'Add user'].map(stateOf)).toEqual(['partly', 'partly', 'checked', 'unchecked']);
    await userEvent.click(checkbox('List users'));
    expect(['System', 'Users menu', 'List users'].map(stateOf)).toEqual(['unchecked', 'unchecked', 'unchecked']);
    await userEvent.click(screen.getByRole('button', { name: 'Select all' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ roleId: 'r-support', permissionIds: tree.ids.join(','), lastpermissionIds: '' });
  });

  it("lists the role's users and adds users chosen in the picker", async () => {
    grant(Permission.RoleList, Permission.RoleUsers, Permission.UserList);
    renderWithProviders(<RoleListPage />);
    await openRowAction('Planner', 'Users');
    expect(await screen.findByRole('cell', { name: 'zoe' })).toBeInTheDocument();
    expect(roleUserQueries[0]).toMatchObject({ roleId: 'r-planner', pageNo: '1', pageSize: '10' });

    await userEvent.click(screen.getByRole('button', { name: /Add users/ }));
    const picker = await findDialog('Choose users to add');
    const ben = (await within(picker).findByRole('cell', { name: 'ben' })).closest('tr') as HTMLElement;
    // Picker tables show 5 rows a page (spec section 9).
    expect(candidateQueries[0]).toMatchObject({ pageNo: '1', pageSize: '5' });
    await userEvent.click(within(ben).getByRole('checkbox'));
    await userEvent.click(within(picker).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(added).toEqual([{ roleId: 'r-planner', userIdList: ['u-ben'] }]));
    // The picker closes; the drawer's list is asked again and shows the new holder.
    await waitFor(() => expect(screen.queryByText('Choose users to add')).toBeNull());
    expect(await screen.findByRole('cell', { name: 'ben' })).toBeInTheDocument();
    expect(roleUserQueries.length).toBeGreaterThan(1);
  });

  it('takes the role from a user after a confirmation', async () => {
    grant(Permission.RoleList, Permission.RoleUsers);
    renderWithProviders(<RoleListPage />);
    await openRowAction('Planner', 'Users');
    const zoe = (await screen.findByRole('cell', { name: 'zoe' })).closest('tr') as HTMLElement;
    await userEvent.click(within(zoe).getByRole('button', { name: 'Remove' }));
    expect(removed).toEqual([]);
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(removed).toEqual([{ roleId: 'r-planner', userId: 'u-zoe' }]));
  });
});
