import { type DictItemRecord, type DictRecord, type Page, Permission, dictItemResource, dictResource } from '@cellsight/contract';
import { buildRecord, buildRecords } from '@cellsight/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { session } from '@/lib/session';
import { describeListPage } from '@/testing/list-page-conformance';
import { envelope, failure, findDialog, renderWithProviders } from '@/testing/feature-test-utils';
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
    { id: 'i-male', dictId: 'd-sex', itemText: 'Male', itemValue: '1', status: 1, status_dictText: 'Enabled', translations: { 'zh-CN': '男' } },
    { id: 'i-female', dictId: 'd-sex', itemText: 'Female', itemValue: '2', status: 1, status_dictText: 'Enabled', translations: {} },
  ]),
  'd-kind': [buildRecord(dictItemResource.record, { id: 'i-low', dictId: 'd-kind', itemText: 'Low voltage', itemValue: '0', status: 0, status_dictText: 'Disabled', translations: {} })],
};

const page = <T,>(records: T[]): Page<T> => ({ records, total: records.length, size: 10, current: 1, pages: 1 });

describe('dictionaries: items and cache', () => {
  let itemQueries: Record<string, string>[] = [];
  let itemsSaved: unknown[] = [];
  let refreshes = 0;
  let refreshFails = false;
  const server = setupServer(
    http.get('/boot/sys/dict/list', () => HttpResponse.json(envelope(page(dictionaries)))),
    http.get('/boot/sys/dictItem/list', ({ request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams);
      itemQueries.push(params);
      return HttpResponse.json(envelope(page(itemsByDictionary[params.dictId ?? ''] ?? [])));
    }),
    http.post('/boot/sys/dictItem/add', async ({ request }) => {
      itemsSaved.push(await request.json());
      return HttpResponse.json(envelope(null, 1001, 'Added'));
    }),
    http.put('/boot/sys/dictItem/edit', async ({ request }) => {
      itemsSaved.push(await request.json());
      return HttpResponse.json(envelope(null, 1002, 'Edited'));
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
    itemsSaved = [];
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

  it('opens the items of the clicked dictionary in a drawer, asking for its dictId', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DictListPage />);
    await openItems(user, 'Station kind');
    expect(await screen.findByText('Items of Station kind (station_kind)')).toBeInTheDocument();
    expect(await screen.findByText('Low voltage')).toBeInTheDocument();
    expect(itemQueries.at(-1)).toMatchObject({ dictId: 'd-kind', pageNo: '1', column: 'sortOrder', order: 'asc' });
    expect(screen.queryByText('Male')).toBeNull();
    for (const heading of ['Item text', 'Item value', 'Sort order', 'Status']) expect(screen.getByRole('columnheader', { name: new RegExp(heading) })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await openItems(user, 'Gender');
    expect(await screen.findByText('Female')).toBeInTheDocument();
    expect(itemQueries.at(-1)).toMatchObject({ dictId: 'd-sex' });
    expect(screen.queryByText('Low voltage')).toBeNull();
  });

  it('adds an item to the opened dictionary with its status, sort order and translations', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DictListPage />);
    await openItems(user, 'Gender');
    await screen.findByText('Female');
    const drawer = screen.getByText('Items of Gender (sex)').closest('.ant-drawer') as HTMLElement;
    await user.click(within(drawer).getByRole('button', { name: /Add/ }));
    const dialog = await findDialog('Add Dictionary items');
    expect(within(dialog).getByText('Enabled')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Item text'), 'Diverse');
    await user.type(within(dialog).getByLabelText('Item value'), '3');
    await user.type(within(dialog).getByLabelText('Text in 中文'), '多元');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(itemsSaved).toHaveLength(1));
    expect(itemsSaved[0]).toEqual({ dictId: 'd-sex', itemText: 'Diverse', itemValue: '3', status: '1', sortOrder: 1, translations: { 'zh-CN': '多元' } });
  });

  it('edits an item: its status shown by name, a cleared description and translation are cleared', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DictListPage />);
    await openItems(user, 'Gender');
    const row = (await screen.findByText('Male')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await findDialog('Edit Dictionary items');
    expect(within(dialog).getByText('Enabled')).toBeInTheDocument();
    const chinese = within(dialog).getByLabelText('Text in 中文');
    expect(chinese).toHaveValue('男');
    await user.clear(chinese);
    await user.clear(within(dialog).getByLabelText('Description'));
    await user.clear(within(dialog).getByLabelText('Item text'));
    await user.type(within(dialog).getByLabelText('Item text'), 'Man');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(itemsSaved).toHaveLength(1));
    // An emptied field travels empty; the contract reads '' as "clear".
    expect(itemsSaved[0]).toMatchObject({ id: 'i-male', dictId: 'd-sex', itemText: 'Man', itemValue: '1', description: '', status: 1 });
    expect(itemsSaved[0]).toHaveProperty('translations', {});
  });

  it('refreshes the dictionary cache from the toolbar, says so and reloads the console’s dictionaries', async () => {
    const user = userEvent.setup();
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
