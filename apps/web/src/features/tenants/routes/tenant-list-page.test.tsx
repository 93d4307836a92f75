import { Permission, type PermissionCode, tenantResource } from '@cellsight/contract';
import { buildRecords } from '@cellsight/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { envelope, findDialog, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { describeListPage } from '@/testing/list-page-conformance';
import TenantListPage from './tenant-list-page';

const tenants = buildRecords(tenantResource.record, [
  { id: 2, name: 'North Energy', status: 1, status_dictText: 'Normal', userCount: 3, beginDate: null, endDate: null },
  { id: 3, name: 'South Storage', status: 0, status_dictText: 'Frozen', userCount: 0, beginDate: null, endDate: null },
]);

describeListPage('tenants', {
  page: TenantListPage,
  resource: tenantResource,
  records: tenants,
  cellField: 'name',
  columns: ['id', 'name', 'status', 'userCount', 'beginDate', 'endDate', 'createTime'],
});

describe('freezing tenants and their users', () => {
  let frozen: unknown[] = [];
  let edited: unknown[] = [];
  let userQueries: Record<string, string>[] = [];
  mockServer(
    http.get('/boot/sys/tenant/list', () => HttpResponse.json(envelope({ records: tenants, total: 2, size: 10, current: 1, pages: 1 }))),
    http.put('/boot/sys/tenant/frozenBatch', async ({ request }) => {
      frozen.push(await request.json());
      return HttpResponse.json(envelope(null, 200, 'Frozen'));
    }),
    http.put('/boot/sys/tenant/edit', async ({ request }) => {
      edited.push(await request.json());
      return HttpResponse.json(envelope(null, 1002, 'Edited'));
    }),
    http.get('/boot/sys/tenant/userList', ({ request }) => {
      userQueries.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json(envelope({ records: [], total: 0, size: 10, current: 1, pages: 0 }));
    }),
  );
  const grant = (...codes: PermissionCode[]) => setPermissions({ auth: codes.map((action) => ({ action, describe: action, type: '1', status: '1' })), allAuth: [] });
  const rowOf = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr') as HTMLElement;
  beforeEach(() => {
    frozen = [];
    edited = [];
    userQueries = [];
  });
  afterEach(() => clearPermissions());

  it('offers Freeze and Users only with their permissions', async () => {
    grant(Permission.TenantList);
    renderWithProviders(<TenantListPage />);
    const row = await rowOf('North Energy');
    expect(within(row).queryByRole('button', { name: 'Freeze' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Users' })).toBeNull();
  });

  it('freezes a normal tenant after a warning that its users are signed out, and unfreezes a frozen one at once', async () => {
    grant(Permission.TenantList, Permission.TenantFrozen);
    renderWithProviders(<TenantListPage />);
    await userEvent.click(within(await rowOf('North Energy')).getByRole('button', { name: 'Freeze' }));
    const confirm = await screen.findByText(/Freeze North Energy\? Its users can no longer work in it/);
    expect(frozen).toEqual([]);
    await userEvent.click(within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Freeze' }));
    await waitFor(() => expect(frozen).toEqual([{ ids: '2', status: 0 }]));
    await userEvent.click(within(await rowOf('South Storage')).getByRole('button', { name: 'Unfreeze' }));
    await waitFor(() => expect(frozen).toEqual([{ ids: '2', status: 0 }, { ids: '3', status: 1 }]));
  });

  it("opens a tenant's users in a drawer, listed by its number", async () => {
    grant(Permission.TenantList, Permission.TenantUsers);
    renderWithProviders(<TenantListPage />);
    await userEvent.click(within(await rowOf('North Energy')).getByRole('button', { name: 'Users' }));
    expect(await screen.findByText('Users of North Energy')).toBeInTheDocument();
    await waitFor(() => expect(userQueries.at(-1)).toMatchObject({ tenantId: '2' }));
    expect(await screen.findByText('No users belong to this tenant')).toBeInTheDocument();
  });

  it('asks for the number only when adding; an edit sends the tenant by its number', async () => {
    grant(Permission.TenantList, Permission.TenantAdd, Permission.TenantEdit);
    renderWithProviders(<TenantListPage />);
    await userEvent.click(await screen.findByRole('button', { name: /Add/ }));
    const add = await findDialog('Add tenant');
    expect(within(add).getByLabelText('Number')).toBeInTheDocument();
    await userEvent.type(within(add).getByLabelText('Number'), 'abc');
    const numberItem = within(add).getByLabelText('Number').closest('.ant-form-item') as HTMLElement;
    await waitFor(() => expect(numberItem.querySelector('.ant-form-item-explain-error')?.textContent).toBeTruthy());
    await userEvent.click(within(add).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(within(await rowOf('North Energy')).getByRole('button', { name: 'Edit' }));
    const edit = await findDialog('Edit tenant');
    expect(within(edit).queryByLabelText('Number')).toBeNull();
    const name = within(edit).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'North Energy AG');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(edited).toEqual([expect.objectContaining({ id: 2, name: 'North Energy AG' })]));
  });
});
