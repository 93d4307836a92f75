import { type DictItemRecord, type DictRecord, type Page, Permission, dictItemResource, dictResource } from '@cellsight/contract';
import { buildRecord, buildRecords } from '@cellsight/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { session } from '@/lib/session';
import { describeListPage } from '@/testing/list-page-conformance';
import { envelope, failure, renderWithProviders } from '@/testing/feature-test-utils';
import DictListPage from './dict-list-page';

const dictionaries: DictRecord[] = buildRecords(dictResource.record, [
  { id: 'd-sex', dictName: 'Gender', dictCode: 'sex', description: null },
  { id: 'd-kind', dictName: 'Station kind', dictCode: 'station_kind', description: 'Low or high voltage' },
]);

describeListPage('dictionaries', {
  page: DictListPage,
  resource: dictResource,
  records: dictionaries,
  cellField: 'dictName',
  columns: ['dictName', 'dictCode', 'description', 'createTime'],
});

const itemsByDictionary: Record<string, DictItemRecord[]> = {
  'd-sex': buildRecords(dictItemResource.record, [
    { id: 'i-male', dictId: 'd-sex', itemText: 'Male', itemValue: '1', sortOrder: 1, description: null, status: 1, status_dictText: 'Enabled', translations: { 'zh-CN': '男' } },
    { id: 'i-female', dictId: 'd-sex', itemText: 'Female', itemValue: '2', sortOrder: 2, description: null, status: 1, status_dictText: 'Enabled', translations: {} },
  ]),
  'd-kind': [buildRecord(dictItemResource.record, { id: 'i-low', dictId: 'd-kind', itemText: 'Low voltage', itemValue: '0', sortOrder: 1, description: null, status: 0, status_dictText: 'Disabled', translations: {} })],
};

const page = <T,>(records: T[]): Page<T> => ({ records, total: records.length, size: 10, current: 1, pages: 1 });

describe('dictionaries: items and cache', () => {
  let itemQueries: Record<string, string>[] = [];
  let batches: unknown[] = [];
  let batchRefusal: { field: string; message: string } | null = null;
  let refreshes = 0;
  let refreshFails = false;
  const server = setupServer(
    http.get('/boot/sys/dict/list', () => HttpResponse.json(envelope(page(dictionaries)))),
    http.get('/boot/sys/dictItem/list', ({ request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams);
      itemQueries.push(params);
      return HttpResponse.json(envelope(page(itemsByDictionary[params.dictId ?? ''] ?? [])));
    }),
    http.post('/boot/sys/dictItem/saveBatch', async ({ request }) => {
      const batch = (await request.json()) as { added: unknown[] };
      batches.push(batch);
      if (batchRefusal) return HttpResponse.json(failure(1100, `${batchRefusal.field}: ${batchRefusal.message}`, [batchRefusal]), { status: 400 });
      return HttpResponse.json(envelope({ added: batch.added.map((_item, index) => `i-new-${index}`) }, 200, 'Saved'));
    }),
    http.get('/boot/sys/dict/refleshCache', () => {
      refreshes += 1;
      return refreshFails ? HttpResponse.json(failure(500, 'Operation failed'), { status: 500 }) : HttpResponse.json(envelope(null));
    }),
  );
  const grant = (codes: string[]) => setPermissions({ auth: codes.map((action) => ({ action, describe: '', type: '1', status: '1' })), allAuth: [] });

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    itemQueries = [];
    batches = [];
    batchRefusal = null;
    refreshes = 0;
    refreshFails = false;
    // Before the grants: a session change without a token clears the permissions.
    session.setDictItems({ dict_item_status: [{ value: '1', text: 'Enabled', title: 'Enabled' }, { value: '0', text: 'Disabled', title: 'Disabled' }] });
    grant([Permission.DictList, Permission.DictAdd, Permission.DictEdit, Permission.DictDelete, Permission.DictRefreshCache]);
  });
  afterEach(() => {
    server.resetHandlers();
    clearPermissions();
  });
  afterAll(() => server.close());

  const openItems = async (user: ReturnType<typeof userEvent.setup>, dictName: string) => {
    const row = (await screen.findByText(dictName)).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Items' }));
  };

  const itemsDrawer = () => screen.getByTestId('dict-items-grid').closest('.ant-drawer') as HTMLElement;
  const cellInput = (field: string, row = 0) => within(document.querySelectorAll<HTMLElement>(`[data-testid="dict-items-grid"] [data-field="${field}"]`)[row] as HTMLElement).getByRole('textbox');

  it('opens the items of the clicked dictionary in the grid, asking for all of its items by sort order', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DictListPage />);
    await openItems(user, 'Station kind');
    expect(await screen.findByText('Items of Station kind (station_kind)')).toBeInTheDocument();
    await waitFor(() => expect(cellInput('itemText')).toHaveValue('Low voltage'));
    expect(itemQueries.at(-1)).toMatchObject({ dictId: 'd-kind', pageNo: '1', pageSize: '1000', column: 'sortOrder', order: 'asc' });
    for (const heading of ['Item text', 'Text in 中文', 'Text in Deutsch', 'Item value', 'Sort order', 'Status', 'Description']) expect(within(itemsDrawer()).getByRole('columnheader', { name: new RegExp(heading) })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await openItems(user, 'Gender');
    await waitFor(() => expect(cellInput('itemText', 1)).toHaveValue('Female'));
    expect(cellInput('zhCN')).toHaveValue('男');
    expect(itemQueries.at(-1)).toMatchObject({ dictId: 'd-sex' });
  });

  it('refuses to save a repeated value or a sort order that is not an integer, then saves the changes in one request', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DictListPage />);
    await openItems(user, 'Gender');
    await waitFor(() => expect(cellInput('itemText', 1)).toHaveValue('Female'));
    await user.click(within(itemsDrawer()).getByRole('button', { name: 'Add' }));
    await user.type(cellInput('itemText', 2), 'Diverse');
    await user.type(cellInput('zhCN', 2), '多元');
    await user.type(cellInput('itemValue', 2), '2');
    expect(await screen.findByText('Item value must not repeat')).toBeInTheDocument();
    await user.clear(cellInput('sortOrder', 1));
    await user.type(cellInput('sortOrder', 1), '2.5');
    await user.click(within(itemsDrawer()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please correct the highlighted cells')).toBeInTheDocument();
    expect(batches).toEqual([]);

    await user.clear(cellInput('sortOrder', 1));
    await user.type(cellInput('sortOrder', 1), '5');
    await user.clear(cellInput('itemValue', 2));
    await user.type(cellInput('itemValue', 2), '3');
    await user.clear(cellInput('zhCN', 0));
    await user.click(within(document.querySelectorAll<HTMLElement>('[data-testid="dict-items-grid"] tr[data-row-key]')[0] as HTMLElement).getByRole('checkbox'));
    await user.click(within(itemsDrawer()).getByRole('button', { name: 'Delete' }));
    await user.click(within(itemsDrawer()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(batches).toHaveLength(1));
    expect(batches[0]).toEqual({
      dictId: 'd-sex',
      added: [{ itemText: 'Diverse', itemValue: '3', sortOrder: 3, status: 1, description: '', translations: { 'zh-CN': '多元', 'de-DE': '' } }],
      updated: [{ id: 'i-female', itemText: 'Female', itemValue: '2', sortOrder: 5, status: 1, description: '', translations: { 'zh-CN': '', 'de-DE': '' } }],
      removed: ['i-male'],
    });
    expect(await screen.findByText('The items are saved')).toBeInTheDocument();
  });

  it('shows the server’s refusal of a row on its cell', async () => {
    const user = userEvent.setup({ delay: null });
    batchRefusal = { field: 'added[0].itemValue', message: 'Item value must not repeat' };
    renderWithProviders(<DictListPage />);
    await openItems(user, 'Station kind');
    await waitFor(() => expect(cellInput('itemText')).toHaveValue('Low voltage'));
    await user.click(within(itemsDrawer()).getByRole('button', { name: 'Add' }));
    await user.type(cellInput('itemText', 1), 'High voltage');
    await user.type(cellInput('itemValue', 1), '1');
    await user.click(within(itemsDrawer()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(batches).toHaveLength(1));
    await waitFor(() => expect(document.querySelectorAll('[data-testid="dict-items-grid"] [data-field="itemValue"]')[1]).toHaveAttribute('aria-invalid', 'true'));
  });

  it('reloads the rows another console saved, flashing the changed cells, and tells the others of its own saves', async () => {
    class FakeSocket {
      static CONNECTING = 0;
      static OPEN = 1;
      static CLOSED = 3;
      static opened: FakeSocket[] = [];
      readyState = FakeSocket.OPEN;
      sent: unknown[] = [];
      onopen: (() => void) | null = null;
      onmessage: ((event: { data: string }) => void) | null = null;
      onclose: (() => void) | null = null;
      constructor(readonly url: string) {
        FakeSocket.opened.push(this);
      }
      send(text: string) {
        this.sent.push(JSON.parse(text));
      }
      close() {
        this.readyState = FakeSocket.CLOSED;
      }
    }
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.spyOn(session, 'token', 'get').mockReturnValue('the-token');
    vi.spyOn(session, 'userInfo', 'get').mockReturnValue({ id: 'u-admin' } as never);
    const original = itemsByDictionary['d-sex'] ?? [];
    try {
      const user = userEvent.setup({ delay: null });
      renderWithProviders(<DictListPage />);
      await openItems(user, 'Gender');
      await waitFor(() => expect(cellInput('itemText', 1)).toHaveValue('Female'));
      const socket = FakeSocket.opened.find((opened) => opened.url.includes('/vxeSocket/u-admin/dict-items.d-sex')) as FakeSocket;
      expect(socket).toBeDefined();

      // Another console saved: Female became Woman, Male was removed.
      itemsByDictionary['d-sex'] = original.filter((item) => item.id !== 'i-male').map((item) => (item.id === 'i-female' ? { ...item, itemText: 'Woman' } : item));
      socket.onmessage?.({ data: JSON.stringify({ type: 'update_vxe_table', data: { socketKey: 'd-sex', args: { changed: ['i-female'], removed: ['i-male'] } } }) });
      await waitFor(() => expect(cellInput('itemText', 0)).toHaveValue('Woman'));
      expect(document.querySelector('[data-testid="dict-items-grid"] [data-field="itemText"]')).toHaveClass('editable-grid-cell-reloaded');
      expect(document.querySelector('[data-testid="dict-items-grid"] [data-field="itemValue"]')).not.toHaveClass('editable-grid-cell-reloaded');
      expect(await screen.findByText('Another console saved items of this dictionary; they are reloaded')).toBeInTheDocument();

      // Its own save is passed on.
      await user.type(cellInput('itemText', 0), '!');
      await user.click(within(itemsDrawer()).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(socket.sent).toEqual([{ type: 'update_vxe_table', data: { socketKey: 'd-sex', args: { changed: ['i-female'], removed: [] } } }]));
      expect(batches[0]).toMatchObject({ updated: [{ id: 'i-female', itemText: 'Woman!' }], removed: [] });
    } finally {
      itemsByDictionary['d-sex'] = original;
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    }
  });

  it('refreshes the dictionary cache from the toolbar, says so and reloads the console’s dictionaries', async () => {
    const user = userEvent.setup({ delay: null });
    const { queryClient } = renderWithProviders(<DictListPage />);
    queryClient.setQueryData(['dictionaries', 'en-US'], {});
    await screen.findByText('Gender');
    await user.click(screen.getByRole('button', { name: /Refresh cache/ }));
    expect(await screen.findByText('Dictionary cache refreshed')).toBeInTheDocument();
    expect(refreshes).toBe(1);
    expect(queryClient.getQueryState(['dictionaries', 'en-US'])?.isInvalidated).toBe(true);

    refreshFails = true;
    await user.click(screen.getByRole('button', { name: /Refresh cache/ }));
    expect(await screen.findByText('Operation failed')).toBeInTheDocument();
    expect(refreshes).toBe(2);
  });

  it('offers Refresh cache only with its permission', async () => {
    clearPermissions();
    grant([Permission.DictList]);
    renderWithProviders(<DictListPage />);
    await screen.findByText('Gender');
    expect(screen.queryByRole('button', { name: /Refresh cache/ })).toBeNull();
  });
});
