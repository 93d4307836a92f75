import { permissionCodes, type Page, type UserRecord, userRecordSchema } from '@cellsight/contract';
import { buildRecord } from '@cellsight/contract/testing';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { session } from '@/lib/session';
import { envelope, failure, findDialog, renderWithProviders } from '@/testing/feature-test-utils';
import UserListPage from './user-list-page';

const record = (overrides: Partial<UserRecord>): UserRecord =>
  buildRecord(userRecordSchema, { id: 'u1', username: 'alice', realname: 'Alice Liddell', avatar: null, sex: 2, email: 'alice@example.com', phone: '13800000001', status: 1, createTime: '2024-03-05T08:09:10', sex_dictText: 'Female', status_dictText: 'Normal', roleNames: '', ...overrides });

const users = [
  record({}),
  record({ id: 'u2', username: 'bob', realname: 'Bob Builder', email: 'bob@example.com', phone: '13800000002', sex: 1, sex_dictText: 'Male', status: 2, status_dictText: 'Frozen', avatar: 'avatar/20260101/00000000000000000000000000000b0b.png' }),
];

const page = (records: UserRecord[], total = records.length): Page<UserRecord> => ({ records, total, size: 10, current: 1, pages: 1 });

/** Every list request's query string, in order, without the cache-busting `_t`. */
let listQueries: URLSearchParams[] = [];
let listTotal = 2;

const server = setupServer(
  http.get('/boot/sys/user/list', ({ request }) => {
    const params = new URL(request.url).searchParams;
    params.delete('_t');
    listQueries.push(params);
    return HttpResponse.json(envelope(page(users, listTotal)));
  }),
  http.get('/boot/sys/role/queryall', () =>
    HttpResponse.json(envelope([{ id: 'r1', roleName: 'Administrator', roleCode: 'admin', description: null }])),
  ),
  http.get('/boot/sys/sysDepart/queryIdTree', () => {
    const node = (id: string, title: string, _parentId: string | null, children: unknown[] = []) => ({ key: id, value: id, title, children });
    return HttpResponse.json(envelope([node('d-root', 'Cellsight', null, [node('d-sales', 'Sales', 'd-root')])]));
  }),
  http.get('/boot/sys/user/userDepartList', () => HttpResponse.json(envelope([{ key: 'd-sales', title: 'Sales' }]))),
);

// Role queries skip the per-element visibility check: it walks computed styles and makes antd's
// large DOM very slow in jsdom. Every query below is scoped so hidden matches cannot occur.
configure({ defaultHidden: true });

/** The table row showing a user name. */
const rowOf = (username: string): HTMLElement => {
  const row = screen.getByRole('cell', { name: username }).closest('tr');
  if (!row) throw new Error(`no row for ${username}`);
  return row;
};

const lastQuery = () => Object.fromEntries(listQueries.at(-1) ?? []);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  // The console holds the dictionaries from sign-in; the search selects offer their items.
  session.setDictItems({
    sex: [{ value: '1', text: 'Male', title: 'Male' }, { value: '2', text: 'Female', title: 'Female' }],
    user_status: [{ value: '1', text: 'Normal', title: 'Normal' }, { value: '2', text: 'Frozen', title: 'Frozen' }],
  });
  listQueries = [];
  listTotal = 2;
  setPermissions({ auth: permissionCodes.map((code) => ({ action: code, type: '1', describe: code, status: '1' })), allAuth: [] });
});
afterEach(() => {
  // Vitest runs without globals, so Testing Library cannot unmount on its own.
  cleanup();
  server.resetHandlers();
  clearPermissions();
});
afterAll(() => server.close());

const renderPage = async () => {
  const view = renderWithProviders(<UserListPage />);
  await screen.findByRole('cell', { name: 'alice' });
  return view;
};

describe('Users screen', () => {
  it('lists users with the default paging and sort', async () => {
    await renderPage();
    expect(lastQuery()).toEqual({ pageNo: '1', pageSize: '10', column: 'createTime', order: 'desc' });
    const bobRow = rowOf('bob');
    expect(within(bobRow).getByText('Bob Builder')).toBeInTheDocument();
    expect(within(bobRow).getByText('Frozen')).toBeInTheDocument();
    expect(within(bobRow).getByRole('img', { name: 'Avatar of bob' })).toHaveAttribute('src', '/boot/sys/common/view/avatar/20260101/00000000000000000000000000000b0b.png');
    expect(within(bobRow).getByRole('button', { name: 'Unfreeze' })).toBeInTheDocument();
    const aliceRow = rowOf('alice');
    expect(within(aliceRow).getByText('Normal')).toBeInTheDocument();
    expect(within(aliceRow).getByText('2024-03-05 08:09:10')).toBeInTheDocument();
    expect(within(aliceRow).getByRole('button', { name: 'Freeze' })).toBeInTheDocument();
  });

  it('sends filters as list-contract values and clears them on reset', async () => {
    const user = userEvent.setup({ delay: null });
    await renderPage();
    const search = screen.getByRole('search');
    await user.type(within(search).getByLabelText('User name'), 'ali');
    await user.type(within(search).getByLabelText('Real name'), 'Lid');
    await user.type(within(search).getByLabelText('Phone'), '13800000001');
    await user.click(within(search).getByLabelText('Status'));
    await user.click(await screen.findByTitle('Frozen'));
    await user.click(within(search).getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        pageNo: '1',
        pageSize: '10',
        column: 'createTime',
        order: 'desc',
        username: '*ali*',
        realname: '*Lid*',
        phone: '13800000001',
        status: '2',
      }),
    );
    await user.click(within(search).getByRole('button', { name: /Reset/ }));
    await waitFor(() => expect(lastQuery()).toEqual({ pageNo: '1', pageSize: '10', column: 'createTime', order: 'desc' }));
    expect(within(search).getByLabelText('User name')).toHaveValue('');
  });

  it('sorts by a column and sends no sort once sorting is cleared', async () => {
    const user = userEvent.setup({ delay: null });
    await renderPage();
    await user.click(screen.getByRole('columnheader', { name: /User name/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ column: 'username', order: 'asc', pageNo: '1' }));
    await user.click(screen.getByRole('columnheader', { name: /User name/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ column: 'username', order: 'desc' }));
    await user.click(screen.getByRole('columnheader', { name: /User name/ }));
    await waitFor(() => expect(lastQuery()).toEqual({ pageNo: '1', pageSize: '10' }));
  });

  it('pages through the server', async () => {
    listTotal = 25;
    const user = userEvent.setup({ delay: null });
    await renderPage();
    await user.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ pageNo: '2', pageSize: '10' }));
    expect(screen.getByText('11-20 of 25')).toBeInTheDocument();
  });

  it('freezes a user through frozenBatch after confirming', async () => {
    let body: unknown;
    server.use(
      http.put('/boot/sys/user/frozenBatch', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(envelope(null, 200, 'ok'));
      }),
    );
    const user = userEvent.setup({ delay: null });
    await renderPage();
    const before = listQueries.length;
    await user.click(within(rowOf('alice')).getByRole('button', { name: 'Freeze' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(body).toEqual({ ids: 'u1', status: 2 }));
    // The list is reloaded through the key factory after the mutation.
    await waitFor(() => expect(listQueries.length).toBeGreaterThan(before));
  });

  it('shows batch actions only while rows are selected', async () => {
    let deleted: string | null = null;
    server.use(
      http.delete('/boot/sys/user/deleteBatch', ({ request }) => {
        deleted = new URL(request.url).searchParams.get('ids');
        return HttpResponse.json(envelope(null, 1004, 'deleted'));
      }),
    );
    const user = userEvent.setup({ delay: null });
    await renderPage();
    expect(screen.queryByRole('button', { name: /Delete selected/ })).not.toBeInTheDocument();
    await user.click(within(rowOf('alice')).getByRole('checkbox'));
    await user.click(within(rowOf('bob')).getByRole('checkbox'));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Delete selected/ }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(deleted).toBe('u1,u2'));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Delete selected/ })).not.toBeInTheDocument());
  });

  it('exports the current search, or only the selected users, as a spreadsheet download', async () => {
    const exports: { query: Record<string, string>; language: string | null }[] = [];
    server.use(
      http.get('/boot/sys/user/exportXls', ({ request }) => {
        const params = new URL(request.url).searchParams;
        params.delete('_t');
        exports.push({ query: Object.fromEntries(params), language: request.headers.get('accept-language') });
        return new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
          headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': `attachment; filename="users.xlsx"; filename*=UTF-8''users-20261122-0930.xlsx` },
        });
      }),
    );
    const saved: string[] = [];
    const createObjectURL = vi.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup({ delay: null });
    await renderPage();
    const search = screen.getByRole('search');
    await user.type(within(search).getByLabelText('Real name'), 'Ali');
    await user.click(within(search).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ realname: '*Ali*' }));
    await user.click(screen.getByRole('button', { name: /Export/ }));
    await waitFor(() => expect(saved).toEqual(['users-20261122-0930.xlsx']));
    expect(exports[0]).toEqual({ query: { column: 'createTime', order: 'desc', realname: '*Ali*' }, language: 'en-US' });

    await user.click(within(rowOf('bob')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /Export selected/ }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(exports[1]?.query).toMatchObject({ selections: 'u2' });
    click.mockRestore();
  });

  it('offers the same export as CSV', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/boot/sys/user/exportCsv', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('column') ?? '');
        return new HttpResponse('\uFEFFUser name\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="users.csv"` } });
      }),
    );
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup({ delay: null });
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'More export formats' }));
    await user.click(await screen.findByText('Export as CSV'));
    await waitFor(() => expect(saved).toEqual(['users.csv']));
    expect(asked).toEqual(['createTime']);
    click.mockRestore();
  });

  it('explains an export that would be too large, before and after asking the server', async () => {
    let asked = 0;
    server.use(
      http.get('/boot/sys/user/exportXls', () => {
        asked++;
        return HttpResponse.json(failure(4004, 'selections: too many', [{ field: 'selections', message: 'the export holds at most 10000 users' }]), { status: 400 });
      }),
    );
    const user = userEvent.setup({ delay: null });
    await renderPage();
    await user.click(screen.getByRole('button', { name: /Export/ }));
    expect(await screen.findByText('Incorrect parameter: the export holds at most 10000 users')).toBeInTheDocument();
    expect(asked).toBe(1);

    listTotal = 10_001;
    const search = screen.getByRole('search');
    await user.type(within(search).getByLabelText('User name'), 'a');
    await user.click(within(search).getByRole('button', { name: /Search/ }));
    await screen.findByText(/of 10001/);
    await user.click(screen.getByRole('button', { name: /Export/ }));
    expect(await screen.findByText('At most 10000 rows can be exported; narrow the search or select rows')).toBeInTheDocument();
    expect(asked).toBe(1);
  });

  it('hides buttons the user has no permission for', async () => {
    clearPermissions();
    await renderPage();
    expect(screen.queryByRole('button', { name: /Export/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add user/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Recycle bin/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Freeze' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  describe('add user form', () => {
    it('validates required fields and the user name pattern', async () => {
      const user = userEvent.setup({ delay: null });
      await renderPage();
      await user.click(screen.getByRole('button', { name: /Add user/ }));
      const dialog = await findDialog('Add user');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText('Please enter your user name')).toBeInTheDocument();
      expect(within(dialog).getByText('Please enter the real name')).toBeInTheDocument();
      expect(within(dialog).getByText('Please enter your password')).toBeInTheDocument();
      expect(within(dialog).getByText('Please confirm the password')).toBeInTheDocument();

      await user.type(within(dialog).getByLabelText('User name'), 'ab!');
      expect(await within(dialog).findByText('The user name must be 4 to 18 letters, digits or underscores')).toBeInTheDocument();
      await user.type(within(dialog).getByLabelText('Password'), 'abcdef');
      expect(await within(dialog).findByText('The password must contain both letters and digits')).toBeInTheDocument();
      await user.type(within(dialog).getByLabelText('Confirm password'), 'abcdeg');
      expect(await within(dialog).findByText('The two passwords do not match!')).toBeInTheDocument();
      await user.type(within(dialog).getByLabelText('Phone'), '12345');
      expect(await within(dialog).findByText('Please enter a valid mobile number')).toBeInTheDocument();
    });

    it('says the taken user name in the console’s language (the code’s text, not the server’s message)', async () => {
      const checked: Record<string, string>[] = [];
      server.use(
        http.get('/boot/sys/duplicate/check', ({ request }) => {
          const params = Object.fromEntries(new URL(request.url).searchParams);
          checked.push(params);
          return HttpResponse.json(failure(4010, 'User name already taken'));
        }),
      );
      const user = userEvent.setup({ delay: null });
      await renderPage();
      await user.click(screen.getByRole('button', { name: /Add user/ }));
      const dialog = await findDialog('Add user');
      await user.type(within(dialog).getByLabelText('User name'), 'alice');
      await user.tab();
      expect(await within(dialog).findByText('This user name is already registered')).toBeInTheDocument();
      expect(checked[0]).toMatchObject({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'alice' });
    });

    it('creates a user with comma-joined roles and reloads the list', async () => {
      let body: unknown;
      server.use(
        http.get('/boot/sys/duplicate/check', () => HttpResponse.json(envelope(null, 200, 'free'))),
        http.post('/boot/sys/user/add', async ({ request }) => {
          body = await request.json();
          return HttpResponse.json(envelope(null, 1001, 'added'));
        }),
      );
      const user = userEvent.setup({ delay: null });
      await renderPage();
      const before = listQueries.length;
      await user.click(screen.getByRole('button', { name: /Add user/ }));
      const dialog = await findDialog('Add user');
      await user.type(within(dialog).getByLabelText('User name'), 'carol_1');
      await user.type(within(dialog).getByLabelText('Real name'), 'Carol');
      // Any printable character, as JeecgBoot's console demands a special one.
      await user.type(within(dialog).getByLabelText('Password'), 'secret#12');
      await user.type(within(dialog).getByLabelText('Confirm password'), 'secret#12');
      await user.type(within(dialog).getByLabelText('Work number'), 'W-7');
      await user.click(within(dialog).getByLabelText('Roles'));
      await user.click(await screen.findByTitle('Administrator (admin)'));
      await user.click(within(dialog).getByLabelText('Departments'));
      await user.click(await screen.findByTitle('Sales'));
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(body).toMatchObject({
          username: 'carol_1',
          password: 'secret#12',
          confirmpassword: 'secret#12',
          realname: 'Carol',
          workNo: 'W-7',
          selectedroles: 'r1',
          selecteddeparts: 'd-sales',
        }),
      );
      await waitFor(() => expect(listQueries.length).toBeGreaterThan(before));
            await waitFor(() => expect(dialog).not.toBeVisible());
    });

    it('puts server field errors on the matching fields', async () => {
      server.use(
        http.get('/boot/sys/duplicate/check', () => HttpResponse.json(envelope(null, 200, 'free'))),
        http.post('/boot/sys/user/add', () =>
          HttpResponse.json(failure(4004, 'invalid input', [{ field: 'realname', message: 'realname must be at most 50 characters' }]), { status: 400 }),
        ),
      );
      const user = userEvent.setup({ delay: null });
      await renderPage();
      await user.click(screen.getByRole('button', { name: /Add user/ }));
      const dialog = await findDialog('Add user');
      await user.type(within(dialog).getByLabelText('User name'), 'carol_1');
      await user.type(within(dialog).getByLabelText('Real name'), 'Carol');
      await user.type(within(dialog).getByLabelText('Password'), 'secret12');
      await user.type(within(dialog).getByLabelText('Confirm password'), 'secret12');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText('realname must be at most 50 characters')).toBeInTheDocument();
    });
  });

  it('edits a user with the preloaded roles', async () => {
    let body: unknown;
    server.use(
      http.get('/boot/sys/user/queryUserRole', ({ request }) => {
        expect(new URL(request.url).searchParams.get('userid')).toBe('u1');
        return HttpResponse.json(envelope(['r1']));
      }),
      http.get('/boot/sys/duplicate/check', () => HttpResponse.json(envelope(null, 200, 'free'))),
      http.put('/boot/sys/user/edit', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(envelope(null, 1002, 'edited'));
      }),
    );
    const user = userEvent.setup({ delay: null });
    await renderPage();
    await user.click(within(rowOf('alice')).getByRole('button', { name: 'Edit' }));
    const dialog = await findDialog('Edit user');
    expect(within(dialog).getByLabelText('User name')).toBeDisabled();
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    await within(dialog).findByText('Administrator (admin)');
    await within(dialog).findByText('Sales');
    const realname = within(dialog).getByLabelText('Real name');
    await user.clear(realname);
    await user.type(realname, 'Alice L.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(body).toMatchObject({ id: 'u1', realname: 'Alice L.', selectedroles: 'r1', selecteddeparts: 'd-sales', sex: 2, email: 'alice@example.com', phone: '13800000001' }),
    );
  });
});
