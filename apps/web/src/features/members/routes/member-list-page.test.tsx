import { type MemberOptions, type MemberPermission, type MemberRecord, Permission, memberResource } from '@cellsight/contract';
import { buildRecord } from '@cellsight/contract/testing';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { session } from '@/lib/session';
import { envelope, failure, findDialog, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import MemberListPage from './member-list-page';


// Role queries skip the per-element visibility check (slow on antd's DOM in jsdom); every query is scoped.
configure({ defaultHidden: true });

const member = (overrides: Partial<MemberRecord>): MemberRecord =>
  buildRecord(memberResource.record, { id: 'm1', username: 'enduser', realname: 'Demo End User', accountType: 'end_user', superiorId: 'i1', superiorName: 'Demo Installer', status: 1, avatar: null, email: null, phone: null, sex: null, company: null, address: null, code: null, ...overrides });

/** What the distributor may do: create installers and end users, under itself or its installers. */
const options: MemberOptions = {
  accountTypes: ['installer', 'end_user'],
  superiors: [
    { id: 'd1', username: 'distributor', realname: 'Demo Distributor', accountType: 'distributor' },
    { id: 'i1', username: 'installer', realname: 'Demo Installer', accountType: 'installer' },
    { id: 'i2', username: 'installer2', realname: 'Demo Installer Two', accountType: 'installer' },
  ],
};

const grantable: MemberPermission[] = [
  { id: 'b-command-restart', code: Permission.CommandRestart, name: 'Restart', byRole: true, granted: false, grantable: true },
  { id: 'b-command-shutdown', code: Permission.CommandShutdown, name: 'Shutdown', byRole: false, granted: false, grantable: false },
  { id: 'b-station-delete', code: Permission.StationDelete, name: 'Delete stations', byRole: false, granted: false, grantable: true },
  { id: 'b-logger-unbind', code: Permission.LoggerUnbind, name: 'Unbind', byRole: false, granted: true, grantable: true },
];

let sent: { url: string; body: unknown }[] = [];
let refuseMove = false;
const record = (url: string) => async ({ request }: { request: Request }) => {
  sent.push({ url, body: await request.json() });
  return null;
};
mockServer(
  http.get('/boot/member/list', () => HttpResponse.json(envelope({ records: [member({})], total: 1, size: 10, current: 1, pages: 1 }))),
  http.get('/boot/member/options', () => HttpResponse.json(envelope(options))),
  http.get('/boot/member/permissions', () => HttpResponse.json(envelope(grantable))),
  http.get('/boot/sys/duplicate/check', () => HttpResponse.json(envelope(null, 200, 'free'))),
  http.post('/boot/member/add', async (info) => (await record('add')(info), HttpResponse.json(envelope('new-id', 1001, 'Added')))),
  http.post('/boot/member/move', async (info) => {
    await record('move')(info);
    return refuseMove ? HttpResponse.json(failure(4004, 'superiorId: the superior of end_user must be installer or distributor', [{ field: 'superiorId', message: 'the superior of end_user must be installer or distributor' }]), { status: 400 }) : HttpResponse.json(envelope(null, 1002, 'Moved'));
  }),
  http.put('/boot/member/edit', async (info) => (await record('edit')(info), HttpResponse.json(envelope(null, 1002, 'Edited')))),
  http.put('/boot/member/permissions', async (info) => (await record('permissions')(info), HttpResponse.json(envelope(null, 1002, 'Saved')))),
);

const grant = (...codes: string[]) => setPermissions({ auth: [Permission.MemberList, ...codes].map((action) => ({ action, describe: '', type: '1', status: '1' })), allAuth: [] });
/** The values a select offers (antd's accessible options carry values; the visible ones their titles). */
const offered = (input: HTMLElement): (string | null)[] => {
  const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
  if (!listbox) throw new Error('the select is not open');
  return within(listbox).getAllByRole('option').map((option) => option.textContent);
};
const rowOf = async (username: string): Promise<HTMLElement> => {
  const row = (await screen.findByRole('cell', { name: username })).closest('tr');
  if (!row) throw new Error(`no row for ${username}`);
  return row;
};

beforeEach(() => {
  sent = [];
  refuseMove = false;
  session.setDictItems({
    account_type: [
      { value: 'admin', text: 'Administrator', title: 'Administrator' },
      { value: 'distributor', text: 'Distributor', title: 'Distributor' },
      { value: 'installer', text: 'Installer', title: 'Installer' },
      { value: 'end_user', text: 'End user', title: 'End user' },
    ],
  });
});
afterEach(() => clearPermissions());

describe('creating a member', () => {
  it('offers only the types the user may create, and superiors that fit the chosen type', async () => {
    grant(Permission.MemberAdd);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<MemberListPage />);
    await user.click(await screen.findByRole('button', { name: /Add member/ }));
    const dialog = await findDialog('Add member');
    await user.type(within(dialog).getByLabelText('User name'), 'carol_1');
    await user.type(within(dialog).getByLabelText('Real name'), 'Carol');
    await user.type(within(dialog).getByLabelText('Password'), 'secret12');
    await user.type(within(dialog).getByLabelText('Confirm password'), 'secret12');

    await user.click(within(dialog).getByLabelText('Role'));
    await waitFor(() => expect(offered(within(dialog).getByLabelText('Role'))).toEqual(['installer', 'end_user']));
    expect(await screen.findByTitle('End user')).toBeInTheDocument();
    await user.click(await screen.findByTitle('Installer'));
    await user.click(within(dialog).getByLabelText('Superior'));
    // An installer goes under a distributor only.
    await waitFor(() => expect(offered(within(dialog).getByLabelText('Superior'))).toEqual(['d1']));
    expect(await screen.findByTitle('Demo Distributor (distributor) – Distributor')).toBeInTheDocument();

    await user.click(within(dialog).getByLabelText('Role'));
    await user.click(await screen.findByTitle('End user'));
    await user.click(within(dialog).getByLabelText('Superior'));
    await user.click(await screen.findByTitle('Demo Installer Two (installer2) – Installer'));
    await user.type(within(dialog).getByLabelText('Company'), 'Sun & Co');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ url: 'add', body: expect.objectContaining({ username: 'carol_1', realname: 'Carol', password: 'secret12', confirmpassword: 'secret12', accountType: 'end_user', superiorId: 'i2', company: 'Sun & Co' }) });
  });

  it('refuses a weak password on its field before sending', async () => {
    grant(Permission.MemberAdd);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<MemberListPage />);
    await user.click(await screen.findByRole('button', { name: /Add member/ }));
    const dialog = await findDialog('Add member');
    await user.type(within(dialog).getByLabelText('Password'), 'abcdef');
    expect(await within(dialog).findByText('The password must contain both letters and digits')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter your user name')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});

describe('editing a member', () => {
  it('edits the account’s own fields only: no password, role or superior', async () => {
    grant(Permission.MemberEdit);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<MemberListPage />);
    await user.click(within(await rowOf('enduser')).getByRole('button', { name: 'Edit' }));
    const dialog = await findDialog('Edit member');
    expect(within(dialog).getByLabelText('User name')).toBeDisabled();
    for (const label of ['Password', 'Role', 'Superior']) expect(within(dialog).queryByLabelText(label)).toBeNull();
    await user.type(within(dialog).getByLabelText('Company'), 'Sun & Co');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ url: 'edit', body: expect.objectContaining({ id: 'm1', realname: 'Demo End User', company: 'Sun & Co' }) });
    expect(sent[0]?.body).not.toHaveProperty('accountType');
  });
});

describe('moving a member', () => {
  it('offers the accounts that can stand above the member, sends the move and shows a refusal on the field', async () => {
    grant(Permission.MemberMove);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<MemberListPage />);
    await user.click(within(await rowOf('enduser')).getByRole('button', { name: 'Move' }));
    const dialog = await findDialog('Move Demo End User');
    expect(within(dialog).getByText(/Now under: Demo Installer/)).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('New superior'));
    // Its present installer is not offered again.
    await waitFor(() => expect(offered(within(dialog).getByLabelText('New superior'))).toEqual(['d1', 'i2']));
    await user.click(await screen.findByTitle('Demo Installer Two (installer2) – Installer'));

    refuseMove = true;
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByText('the superior of end_user must be installer or distributor')).toBeInTheDocument();
    refuseMove = false;
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.at(-1)).toEqual({ url: 'move', body: { id: 'm1', superiorId: 'i2' } });
  });

  it('is not offered without its permission', async () => {
    grant();
    renderWithProviders(<MemberListPage />);
    expect(await rowOf('enduser')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Permissions' })).toBeNull();
  });
});

describe('permissions by checkbox', () => {
  it('ticks what the role gives (fixed), locks what the user does not hold, and saves the member’s own grants', async () => {
    grant(Permission.MemberGrant);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<MemberListPage />);
    await user.click(within(await rowOf('enduser')).getByRole('button', { name: 'Permissions' }));
    const dialog = await findDialog('Permissions of Demo End User');
    const restart = await within(dialog).findByRole('checkbox', { name: /Restart loggers/ });
    expect(restart).toBeChecked();
    expect(restart).toBeDisabled();
    expect(within(dialog).getByText('by role')).toBeInTheDocument();
    const shutdown = within(dialog).getByRole('checkbox', { name: /Shut down batteries/ });
    expect(shutdown).not.toBeChecked();
    expect(shutdown).toBeDisabled();
    expect(within(dialog).getByRole('checkbox', { name: /Take loggers off stations/ })).toBeChecked();

    await user.click(within(dialog).getByRole('checkbox', { name: /Delete stations/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Take loggers off stations/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ url: 'permissions', body: { id: 'm1', permissionIds: ['b-station-delete'] } });
  });
});
