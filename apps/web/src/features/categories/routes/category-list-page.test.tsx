import { type CategoryTreeNode, Permission, categoryResource } from '@cellsight/contract';
import { buildRecords } from '@cellsight/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { envelope, findDialog, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { describeListPage } from '@/testing/list-page-conformance';
import CategoryListPage from './category-list-page';

const roots = buildRecords(categoryResource.record, [
  { id: 'c-faults', pid: '0', name: 'Faults', code: 'A01', hasChild: '1' },
  { id: 'c-requests', pid: '0', name: 'Requests', code: 'A02', hasChild: '0' },
]);
const below = buildRecords(categoryResource.record, [{ id: 'c-battery', pid: 'c-faults', name: 'Battery', code: 'A01A01', hasChild: '0' }]);

describeListPage('categories', {
  page: CategoryListPage,
  resource: categoryResource,
  records: roots,
  cellField: 'name',
  columns: ['name', 'code', 'createTime'],
});

const node = (record: (typeof roots)[number]): CategoryTreeNode => ({ key: record.id, value: record.id, title: record.name, label: record.name, code: record.code, parentId: record.pid, leaf: record.hasChild !== '1' });

describe('categories: the tree', () => {
  const listQueries: Record<string, string>[] = [];
  const saved: unknown[] = [];
  mockServer(
    http.get('/boot/sys/category/list', ({ request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams);
      listQueries.push(params);
      const records = params.pid === '0' ? roots : params.pid === 'c-faults' ? below : [];
      return HttpResponse.json(envelope({ records, total: records.length, size: 10, current: 1, pages: 1 }));
    }),
    http.get('/boot/sys/category/loadTreeRoot', () => HttpResponse.json(envelope(roots.map(node)))),
    http.get('/boot/sys/category/loadTreeChildren', () => HttpResponse.json(envelope([]))),
    http.get('/boot/sys/category/loadDictItem/:ids', () => HttpResponse.json(envelope(['Faults']))),
    http.post('/boot/sys/category/add', async ({ request }) => {
      saved.push(await request.json());
      return HttpResponse.json(envelope('c-new', 1001, 'Added'));
    }),
    http.put('/boot/sys/category/edit', async ({ request }) => {
      saved.push(await request.json());
      return HttpResponse.json(envelope(null, 1002, 'Edited'));
    }),
  );
  const grant = () => setPermissions({ auth: [Permission.CategoryList, Permission.CategoryAdd, Permission.CategoryEdit].map((action) => ({ action, describe: '', type: '1', status: '1' })), allAuth: [] });

  it('lists the top level, opens a node’s children below it and adds a child there', async () => {
    grant();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<CategoryListPage />);
    const faults = (await screen.findByText('Faults')).closest('tr') as HTMLElement;
    expect(listQueries[0]).toMatchObject({ pid: '0' });
    await user.click(within(faults).getByRole('button', { name: /expand/i }));
    expect(await screen.findByText('Battery')).toBeInTheDocument();
    expect(listQueries.at(-1)).toMatchObject({ pid: 'c-faults' });

    // The nested level's own Add button adds under the opened node.
    const addButtons = screen.getAllByRole('button', { name: /Add/ });
    await user.click(addButtons.at(-1)!);
    const dialog = await findDialog('Add category');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Cells');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'Cells', pid: 'c-faults' }]));
    clearPermissions();
  });

  it('moves a node under another parent chosen in the category select, never into its own subtree', async () => {
    grant();
    saved.length = 0;
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<CategoryListPage />);
    const requests = (await screen.findByText('Requests')).closest('tr') as HTMLElement;
    await user.click(within(requests).getByRole('button', { name: 'Move' }));
    const dialog = await findDialog('Move Requests');
    await user.click(within(dialog).getByRole('combobox'));
    // Its own node is offered but cannot be picked.
    const own = (await screen.findAllByTitle('Requests')).find((element) => element.closest('.ant-select-tree-treenode'));
    expect(own?.closest('.ant-select-tree-treenode')).toHaveClass('ant-select-tree-treenode-disabled');
    await user.click((await screen.findAllByTitle('Faults')).find((element) => element.closest('.ant-select-tree-treenode'))!);
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(saved).toEqual([{ id: 'c-requests', pid: 'c-faults' }]));
    clearPermissions();
  });

  it('searches every level, not only the top one', async () => {
    grant();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<CategoryListPage />);
    await screen.findByText('Faults');
    const search = screen.getByRole('search', { name: 'Search Categories' });
    await user.type(within(search).getByLabelText('Name'), 'Batt');
    await user.click(within(search).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(listQueries.at(-1)).toMatchObject({ name: '*Batt*', pageNo: '1' }));
    expect(listQueries.at(-1)).not.toHaveProperty('pid');
    clearPermissions();
  });
});
