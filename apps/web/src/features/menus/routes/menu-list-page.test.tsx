import { type MenuRecord, type MenuTreeNode, Permission, menuRecordSchema } from '@cellsight/contract';
import { buildRecord } from '@cellsight/contract/testing';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { envelope, failure, findDialog, renderWithProviders } from '@/testing/feature-test-utils';
import MenuListPage from './menu-list-page';

const typeTexts = ['First-level menu', 'Sub-menu', 'Button permission'] as const;

const node = (values: Partial<MenuRecord> & Pick<MenuRecord, 'id' | 'name' | 'menuType'>, children?: MenuTreeNode[]): MenuTreeNode => ({
  ...buildRecord(menuRecordSchema, {
    key: values.id,
    title: values.name,
    parentId: null,
    url: null,
    component: null,
    componentName: null,
    redirect: null,
    icon: null,
    perms: null,
    permsType: '1',
    status: '1',
    sortNo: 1,
    menuType_dictText: typeTexts[values.menuType],
    ...values,
  }),
  ...(children ? { children } : {}),
});

const tree: MenuTreeNode[] = [
  node({ id: 'm-system', name: 'System', menuType: 0, url: '/system', component: 'layouts/RouteView', icon: 'setting' }, [
    node({ id: 'm-system-user', parentId: 'm-system', name: 'Users', menuType: 1, url: '/system/user', component: 'system/UserList', icon: 'user', route: true }, [
      node({ id: 'b-user-add', parentId: 'm-system-user', name: 'Add user', menuType: 2, perms: 'system:user:add' }),
    ]),
    node({ id: 'm-legacy', parentId: 'm-system', name: 'Legacy', menuType: 1, url: '/system/legacy', component: 'system/OldScreen', sortNo: 2 }),
  ]),
  node({ id: 'm-collector', name: 'Loggers', menuType: 0, url: '/collector/index', component: 'collector/index', sortNo: 20 }),
];

let listQueries: (string | null)[] = [];
let posted: unknown[] = [];

const server = setupServer(
  http.get('/boot/sys/permission/list', ({ request }) => {
    const name = new URL(request.url).searchParams.get('name');
    listQueries.push(name);
    return HttpResponse.json(envelope(name ? [node({ id: 'm-system-user', parentId: 'm-system', name: 'Users', menuType: 1, isLeaf: true, leaf: true })] : tree));
  }),
  http.post('/boot/sys/permission/add', async ({ request }) => {
    posted.push(await request.json());
    return HttpResponse.json(envelope(null, 1001, 'Added'));
  }),
);

configure({ defaultHidden: true });

const allPermissions = [Permission.MenuList, Permission.MenuAdd, Permission.MenuEdit, Permission.MenuDelete];
const grant = (codes: readonly string[]) => setPermissions({ auth: codes.map((code) => ({ action: code, type: '1', describe: code, status: '1' })), allAuth: [] });

const rowOf = (name: string): HTMLElement => {
  const row = screen.getByRole('cell', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

const renderPage = async () => {
  renderWithProviders(<MenuListPage />);
  await screen.findByRole('cell', { name: 'System' });
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  listQueries = [];
  posted = [];
  grant(allPermissions);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  clearPermissions();
});
afterAll(() => server.close());

describe('Menus screen', () => {
  it('shows the tree collapsed, opens a row, and expands and collapses everything', async () => {
    const user = userEvent.setup({ delay: null });
    await renderPage();
    expect(within(rowOf('System')).getByText('First-level menu')).toBeInTheDocument();
    expect(within(rowOf('System')).getByText('layouts/RouteView')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Loggers' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Users' })).not.toBeInTheDocument();

    await user.click(within(rowOf('System')).getByRole('button', { name: 'Expand row' }));
    expect(within(rowOf('Users')).getByText('/system/user')).toBeInTheDocument();
    expect(within(rowOf('Users')).getByText('Sub-menu')).toBeInTheDocument();
    // A component the console has no screen for is stored, and pointed out.
    expect(within(rowOf('Legacy')).getByText('Not a screen of this console')).toBeInTheDocument();
    expect(within(rowOf('Users')).queryByText('Not a screen of this console')).not.toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Add user' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(within(rowOf('Add user')).getByText('system:user:add')).toBeInTheDocument();
    expect(within(rowOf('Add user')).getByText('Button permission')).toBeInTheDocument();
    // Buttons hold no rows: no "add below" on them.
    expect(within(rowOf('Add user')).queryByRole('button', { name: 'Add sub-menu or button' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(screen.queryByRole('cell', { name: 'Users' })).not.toBeInTheDocument();
  });

  it('searches by name and lists the matches flat', async () => {
    const user = userEvent.setup({ delay: null });
    await renderPage();
    const search = screen.getByRole('search', { name: 'Search menus' });
    await user.type(within(search).getByLabelText('Name'), 'user');
    await user.click(within(search).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(listQueries.at(-1)).toBe('user'));
    expect(await screen.findByRole('cell', { name: 'Users' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'System' })).not.toBeInTheDocument();
  });

  it('adds a button under a menu: the parent is filled in, only the button’s fields are sent', async () => {
    const user = userEvent.setup({ delay: null });
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    await user.click(within(rowOf('Users')).getByRole('button', { name: 'Add sub-menu or button' }));
    const dialog = await findDialog('Add menu or button');
    // The parent's name shows once the menu tree behind the picker has loaded.
    expect(await within(dialog).findByText('Users')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Component')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: 'Button permission' }));
    await waitFor(() => expect(within(dialog).queryByLabelText('Component')).not.toBeInTheDocument());
    await user.type(await within(dialog).findByLabelText('Button name'), 'Approve user');
    // A button needs its permission code (the contract's rule for buttons).
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.type(within(dialog).getByLabelText('Permission code'), 'system:user:approve');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toEqual([{ menuType: 2, name: 'Approve user', parentId: 'm-system-user', perms: 'system:user:approve', permsType: '1', status: '1' }]));
    expect(await screen.findByText('Added successfully')).toBeInTheDocument();
  });

  it('puts the server’s refusal of a field on that field', async () => {
    server.use(
      http.post('/boot/sys/permission/add', () => HttpResponse.json(failure(4004, 'perms: is used by another button', [{ field: 'perms', message: 'is used by another button' }]), { status: 400 })),
    );
    const user = userEvent.setup({ delay: null });
    await renderPage();
    await user.click(within(rowOf('System')).getByRole('button', { name: 'Add sub-menu or button' }));
    const dialog = await findDialog('Add menu or button');
    await user.click(within(dialog).getByRole('radio', { name: 'Button permission' }));
    await user.type(await within(dialog).findByLabelText('Button name'), 'Twice');
    await user.type(within(dialog).getByLabelText('Permission code'), 'system:user:add');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const message = await within(dialog).findByText('is used by another button');
    expect(message.closest('.ant-form-item')).toBe(within(dialog).getByLabelText('Permission code').closest('.ant-form-item'));
  });

  it('edits a row with its stored values (also its component name, route and opening) and deletes one after a warning about what is below it', async () => {
    let edited: unknown;
    let deleted: string | null = null;
    server.use(
      http.put('/boot/sys/permission/edit', async ({ request }) => {
        edited = await request.json();
        return HttpResponse.json(envelope(null, 1002, 'Edited'));
      }),
      http.delete('/boot/sys/permission/delete', ({ request }) => {
        deleted = new URL(request.url).searchParams.get('id');
        return HttpResponse.json(envelope(null, 1003, 'Deleted'));
      }),
    );
    const user = userEvent.setup({ delay: null });
    await renderPage();
    await user.click(within(rowOf('System')).getByRole('button', { name: 'Expand row' }));
    await user.click(within(rowOf('Users')).getByRole('button', { name: 'Edit' }));
    const dialog = await findDialog('Edit “Users”');
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'People');
    expect(within(dialog).getByRole('switch', { name: 'Is a route' })).toBeChecked();
    await user.type(within(dialog).getByLabelText('Component name'), 'PeopleList');
    await user.click(within(dialog).getByRole('switch', { name: 'Open externally' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(edited).toEqual({
        id: 'm-system-user',
        menuType: 1,
        name: 'People',
        parentId: 'm-system',
        url: '/system/user',
        component: 'system/UserList',
        componentName: 'PeopleList',
        redirect: '',
        icon: 'user',
        sortNo: 1,
        route: true,
        hidden: false,
        keepAlive: false,
        alwaysShow: false,
        internalOrExternal: true,
      }),
    );

    await user.click(within(rowOf('Legacy')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete “Legacy”?')).toBeInTheDocument();
    expect(screen.getByText('Every row below it is deleted too, and all their role grants.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(deleted).toBe('m-legacy'));
  });

  it('shows no writing buttons without their permissions', async () => {
    grant([Permission.MenuList]);
    const user = userEvent.setup({ delay: null });
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(screen.getByRole('cell', { name: 'Add user' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();

    cleanup();
    grant([Permission.MenuList, Permission.MenuEdit]);
    await renderPage();
    expect(within(rowOf('System')).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
