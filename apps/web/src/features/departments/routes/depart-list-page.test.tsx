import { type DepartTreeNode, type Page, Permission, type UserRecord, departRecordSchema, permissionCodes, userRecordSchema } from '@cellsight/contract';
import { buildRecord } from '@cellsight/contract/testing';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { envelope, failure, findDialog, renderWithProviders } from '@/testing/feature-test-utils';
import DepartListPage from './depart-list-page';

const depart = (id: string, departName: string, orgCode: string, parentId: string | null, children: DepartTreeNode[] = []): DepartTreeNode => ({
  ...buildRecord(departRecordSchema, { id, departName, orgCode, parentId, departOrder: 0, orgCategory: parentId ? '2' : '1', status: '1', departNameEn: null, mobile: null, fax: null, address: null, description: null, memo: null }),
  key: id,
  value: id,
  title: departName,
  isLeaf: children.length === 0,
  children,
});

const tree = () => [depart('d-root', 'Cellsight', 'A01', null, [depart('d-sales', 'Sales', 'A01A01', 'd-root', [depart('d-north', 'Sales North', 'A01A01A01', 'd-sales')]), depart('d-service', 'Service', 'A01A02', 'd-root')])];

const member = (overrides: Partial<UserRecord>): UserRecord =>
  buildRecord(userRecordSchema, { avatar: null, email: null, phone: null, sex: 2, sex_dictText: 'Female', status: 1, status_dictText: 'Normal', ...overrides });
const salesUsers = [member({ id: 'u-anna', username: 'anna', realname: 'Anna Schmidt' })];
const page = (records: UserRecord[]): Page<UserRecord> => ({ records, total: records.length, size: 10, current: 1, pages: 1 });

let userListQueries: Record<string, string>[] = [];
const paramsOf = (request: Request) => {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  delete params._t;
  return params;
};

const server = setupServer(
  http.get('/boot/sys/sysDepart/queryTreeList', () => HttpResponse.json(envelope(tree()))),
  http.get('/boot/sys/user/departUserList', ({ request }) => {
    const params = paramsOf(request);
    userListQueries.push(params);
    return HttpResponse.json(envelope(page(params.depId === 'd-sales' ? salesUsers : [])));
  }),
);

configure({ defaultHidden: true });
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  userListQueries = [];
  setPermissions({ auth: permissionCodes.map((code) => ({ action: code, type: '1', describe: code, status: '1' })), allAuth: [] });
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  clearPermissions();
});
afterAll(() => server.close());

const treeRegion = () => screen.getByText('Organisation').closest<HTMLElement>('.ant-card') as HTMLElement;
const renderPage = async () => {
  const view = renderWithProviders(<DepartListPage />);
  await screen.findByText('Sales North');
  return view;
};

describe('Departments screen', () => {
  it('shows the tree, and the selected department’s info and users', async () => {
    const user = userEvent.setup({ delay: null });
    await renderPage();
    for (const name of ['Cellsight', 'Sales', 'Sales North', 'Service']) expect(within(treeRegion()).getByText(name)).toBeInTheDocument();
    expect(screen.getByText('Select a department on the left to see its details and users')).toBeInTheDocument();

    await user.click(within(treeRegion()).getByText('Sales'));
    expect(await screen.findByLabelText('Name')).toHaveValue('Sales');
    expect(screen.getByLabelText('Organisation code')).toHaveValue('A01A01');
    expect(screen.getByLabelText('Parent department')).toHaveValue('Cellsight');

    await user.click(screen.getByRole('tab', { name: 'Users' }));
    expect(await screen.findByRole('cell', { name: 'anna' })).toBeInTheDocument();
    expect(userListQueries.at(-1)).toEqual({ depId: 'd-sales', pageNo: '1', pageSize: '10', column: 'createTime', order: 'desc' });
    expect(screen.getByRole('cell', { name: 'Anna Schmidt' })).toBeInTheDocument();
  });

  it('adds a sub-department below the selected one, and a top-level one without a parent', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('/boot/sys/sysDepart/add', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(envelope('d-new', 1001, 'Added'));
      }),
    );
    const user = userEvent.setup({ delay: null });
    await renderPage();
    expect(screen.getByRole('button', { name: /Add sub-department/ })).toBeDisabled();
    await user.click(within(treeRegion()).getByText('Sales'));
    await user.click(screen.getByRole('button', { name: /Add sub-department/ }));
    let dialog = await findDialog('Add department');
    await user.type(within(dialog).getByLabelText('Name'), 'Sales South');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ parentId: 'd-sales', departName: 'Sales South', orgCategory: '2', status: '1', departOrder: 0 });

    await user.click(screen.getByRole('button', { name: /Add top-level department/ }));
    dialog = await findDialog('Add department');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), 'Second Company');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ departName: 'Second Company', orgCategory: '1' });
    expect(bodies[1]).not.toHaveProperty('parentId');
  });

  it('saves the basic info and shows a refused field on it', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.put('/boot/sys/sysDepart/edit', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (body.fax === 'bad') return HttpResponse.json(failure(4004, 'fax: is not accepted', [{ field: 'fax', message: 'is not accepted' }]), { status: 400 });
        return HttpResponse.json(envelope(null, 1002, 'Edited'));
      }),
    );
    const user = userEvent.setup({ delay: null });
    await renderPage();
    await user.click(within(treeRegion()).getByText('Service'));
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Customer Service');
    await user.type(screen.getByLabelText('Phone'), '+49 30 1234');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ id: 'd-service', departName: 'Customer Service', mobile: '+49 30 1234', memo: '', orgCategory: '2' });
    expect(bodies[0]).not.toHaveProperty('parentId');

    await user.type(screen.getByLabelText('Fax'), 'bad');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(await screen.findByText('is not accepted')).toBeInTheDocument();
  });

  it('searches departments by name and shows the matches flat', async () => {
    let keyWord: string | undefined;
    server.use(
      http.get('/boot/sys/sysDepart/searchBy', ({ request }) => {
        keyWord = paramsOf(request).keyWord;
        return HttpResponse.json(envelope([depart('d-north', 'Sales North', 'A01A01A01', 'd-sales')]));
      }),
    );
    const user = userEvent.setup({ delay: null });
    await renderPage();
    await user.type(screen.getByRole('searchbox', { name: 'Search departments by name' }), 'north{Enter}');
    await waitFor(() => expect(within(treeRegion()).queryByText('Cellsight')).not.toBeInTheDocument());
    expect(keyWord).toBe('north');
    expect(within(treeRegion()).getByText('Sales North')).toBeInTheDocument();
  });

  it('deletes the selected department after confirming and shows the server’s refusal', async () => {
    const deleted: string[] = [];
    server.use(
      http.delete('/boot/sys/sysDepart/delete', ({ request }) => {
        const id = paramsOf(request).id ?? '';
        deleted.push(id);
        if (id === 'd-sales') return HttpResponse.json(failure(4004, 'id: the department Sales still has sub-departments; delete them first', [{ field: 'id', message: 'the department Sales still has sub-departments; delete them first' }]), { status: 400 });
        return HttpResponse.json(envelope(null, 1003, 'Deleted'));
      }),
    );
    const user = userEvent.setup({ delay: null });
    await renderPage();
    await user.click(within(treeRegion()).getByText('Sales'));
    await user.click(screen.getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText(/Delete the department Sales\?/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText(/still has sub-departments/)).toBeInTheDocument();

    await user.click(within(treeRegion()).getByText('Service'));
    await user.click(screen.getByRole('button', { name: /Delete/ }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(deleted).toEqual(['d-sales', 'd-service']));
    expect(await screen.findByText('Select a department on the left to see its details and users')).toBeInTheDocument();
  });

  it('adds users through the picker and removes one after confirming', async () => {
    let added: unknown;
    let removed: Record<string, string> | undefined;
    server.use(
      http.get('/boot/sys/sysDepart/queryIdTree', () => HttpResponse.json(envelope([{ key: 'd-root', value: 'd-root', title: 'Cellsight', children: [] }]))),
      http.get('/boot/sys/user/queryUserByDepId', () => HttpResponse.json(envelope([member({ id: 'u-carl', username: 'carl', realname: 'Carl Meyer' })]))),
      http.post('/boot/sys/user/editSysDepartWithUser', async ({ request }) => {
        added = await request.json();
        return HttpResponse.json(envelope(null, 1001, 'Added'));
      }),
      http.delete('/boot/sys/user/deleteUserInDepartBatch', ({ request }) => {
        removed = paramsOf(request);
        return HttpResponse.json(envelope(null, 1004, 'Deleted'));
      }),
    );
    const user = userEvent.setup({ delay: null });
    await renderPage();
    await user.click(within(treeRegion()).getByText('Sales'));
    await user.click(await screen.findByRole('tab', { name: 'Users' }));
    await screen.findByRole('cell', { name: 'anna' });

    await user.click(screen.getByRole('button', { name: /Add users/ }));
    const picker = await findDialog('Add users to Sales');
    await user.click(await within(picker).findByText('Cellsight'));
    await user.click(await within(picker).findByRole('cell', { name: 'carl' }));
    await user.click(within(picker).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(added).toEqual({ depId: 'd-sales', userIdList: ['u-carl'] }));

    const annaRow = screen.getByRole('cell', { name: 'anna' }).closest('tr') as HTMLElement;
    await user.click(within(annaRow).getByRole('button', { name: 'Remove' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(removed).toEqual({ depId: 'd-sales', userIds: 'u-anna' }));
  });

  it('offers no changes without the permissions', async () => {
    setPermissions({ auth: [{ action: Permission.DepartList, type: '1', describe: 'list', status: '1' }], allAuth: [] });
    const user = userEvent.setup({ delay: null });
    await renderPage();
    expect(screen.queryByRole('button', { name: /Add top-level department/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    await user.click(within(treeRegion()).getByText('Sales'));
    expect(await screen.findByLabelText('Name')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Users' }));
    await screen.findByRole('cell', { name: 'anna' });
    expect(screen.queryByRole('button', { name: /Add users/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
  });
});
