import { listScreen, positionResource, resourceScreens } from '@cellsight/contract';
import { buildRecords } from '@cellsight/contract/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { envelope, failure, findDialog, mockServer, renderWithProviders, tableBodyRows } from '@/testing/feature-test-utils';
import { describeListPage } from '@/testing/list-page-conformance';
import { pageRegistry } from './page-registry';

/** A plain list screen's page as the console shows it: the registry's, under the shell's Suspense. */
const pageOf = (resource: (typeof resourceScreens)[number]) => {
  const Page = pageRegistry[resource.screen.component];
  if (!Page) throw new Error(`no page for ${resource.screen.component}`);
  return function ScreenPage() {
    return (
      <Suspense fallback={null}>
        <Page />
      </Suspense>
    );
  };
};

// Every plain list screen's page does what every kit list does, with the columns it declares.
for (const resource of resourceScreens) {
  describeListPage<Record<string, unknown>>(resource.table, {
    page: pageOf(resource),
    resource,
    // The examples the add call takes, as listed records (the list-contract tests add the same).
    records: buildRecords(resource.record, [...(resource.examples ?? [])]),
    cellField: resource.screen.page.columns[0] ?? 'id',
    columns: resource.screen.page.columns,
  });
}

const PositionListPage = pageOf(listScreen(positionResource));
const can = (...actions: (string | undefined)[]) => setPermissions({ auth: actions.map((action) => ({ action: action ?? '', describe: '', type: '1', status: '1' })), allAuth: [] });

describe('positions import', () => {
  mockServer(
    http.get('/boot/sys/position/list', () => HttpResponse.json(envelope({ records: [], total: 0, size: 10, current: 1, pages: 0 }))),
    http.post('/boot/sys/position/importExcel', () =>
      HttpResponse.json(
        failure(4004, 'The file was not imported', [
          { row: 3, field: 'code', message: 'already exists' },
          { row: 5, field: 'rank', message: 'must be a rank from 1 to 5' },
        ]),
        { status: 400 },
      ),
    ),
  );

  it('shows every refused cell of an import with its row and field, and that nothing was stored', async () => {
    can(positionResource.permissions.list, positionResource.permissions.import);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<PositionListPage />);
    await screen.findByText('No data');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['x'], 'positions.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
    const report = await findDialog('Import');
    expect(within(report).getByText('Nothing was imported: the file has 2 problems')).toBeInTheDocument();
    const rows = tableBodyRows(report);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(/3\s*Code\s*This value already exists/);
    expect(rows[1]).toHaveTextContent(/5\s*Rank\s*must be a rank from 1 to 5/);
    clearPermissions();
  });
});

describe('positions context menu', () => {
  let deleted: string[] = [];
  mockServer(
    http.get('/boot/sys/position/list', () =>
      HttpResponse.json(envelope({ records: buildRecords(positionResource.record, [{ id: 'p-eng', code: 'ENG', name: 'Engineer', rank: '3' }]), total: 1, size: 10, current: 1, pages: 1 })),
    ),
    http.delete('/boot/sys/position/delete', ({ request }) => {
      deleted.push(new URL(request.url).searchParams.get('id') ?? '');
      return HttpResponse.json(envelope(null, 1003, 'Deleted'));
    }),
  );

  it('offers a row’s edit and delete on right-click, only with their permissions, and deletes after confirming', async () => {
    deleted = [];
    const user = userEvent.setup({ delay: null });
    can(positionResource.permissions.list, positionResource.permissions.delete);
    renderWithProviders(<PositionListPage />);
    const cell = await screen.findByRole('cell', { name: 'Engineer' });
    await user.pointer({ keys: '[MouseRight]', target: cell });
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Delete', 'Reload the list']);
    await user.click(within(menu).getByRole('menuitem', { name: /Delete/ }));
    const confirm = await findDialog('Delete this record?');
    await user.click(within(confirm).getByRole('button', { name: 'OK' }));
    await vi.waitFor(() => expect(deleted).toEqual(['p-eng']));
    clearPermissions();
  });
});
