import { type DepartIdNode, type UserRecord, userRecordSchema } from '@cellsight/contract';
import { buildRecord } from '@cellsight/contract/testing';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, findDialog, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { DepartUserPickerModal } from './depart-user-picker-modal';

const member = (overrides: Partial<UserRecord>): UserRecord =>
  buildRecord(userRecordSchema, { avatar: null, email: null, phone: null, sex: 1, sex_dictText: 'Male', status: 1, status_dictText: 'Normal', ...overrides });

const node = (key: string, title: string, children: DepartIdNode[] = []): DepartIdNode => ({ key, value: key, title, children });
const usersByDepart: Record<string, UserRecord[]> = {
  'd-root': [member({ id: 'u-admin', username: 'admin', realname: 'Administrator' })],
  'd-sales': [member({ id: 'u-anna', username: 'anna', realname: 'Anna Schmidt' }), member({ id: 'u-ben', username: 'ben', realname: 'Ben Schulz' })],
};
let userQueries: Record<string, string>[] = [];

mockServer(
  http.get('/boot/sys/sysDepart/queryIdTree', () => HttpResponse.json(envelope([node('d-root', 'Cellsight', [node('d-sales', 'Sales')])]))),
  http.get('/boot/sys/user/queryUserByDepId', ({ request }) => {
    const params = Object.fromEntries(new URL(request.url).searchParams);
    delete params._t;
    userQueries.push(params);
    const realname = params.realname?.toLowerCase();
    return HttpResponse.json(envelope((usersByDepart[params.id ?? ''] ?? []).filter((user) => !realname || user.realname.toLowerCase().includes(realname))));
  }),
);

configure({ defaultHidden: true });
beforeEach(() => {
  userQueries = [];
});

/** The picker behind an "Open" button, as a screen would use it. */
function Harness({ onOk, onCancel }: { onOk: (users: UserRecord[]) => void; onCancel: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <DepartUserPickerModal
        open={open}
        onOk={(users) => {
          onOk(users);
          setOpen(false);
        }}
        onCancel={() => {
          onCancel();
          setOpen(false);
        }}
      />
    </>
  );
}

const rowOf = (dialog: HTMLElement, username: string): HTMLElement => {
  const row = within(dialog).getByRole('cell', { name: username }).closest('tr');
  if (!row) throw new Error(`no row for ${username}`);
  return row;
};

const openPicker = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: 'Open' }));
  const dialog = await findDialog('Select users');
  await within(dialog).findByText('Sales');
  return dialog;
};

describe('DepartUserPickerModal', () => {
  it('lists the users of the chosen department and emits the ticked ones on OK', async () => {
    const onOk = vi.fn();
    const onCancel = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness onOk={onOk} onCancel={onCancel} />);
    const dialog = await openPicker(user);
    expect(within(dialog).getByText('Choose a department on the left')).toBeInTheDocument();

    await user.click(within(dialog).getByText('Sales'));
    await within(dialog).findByRole('cell', { name: 'anna' });
    expect(userQueries.at(-1)).toEqual({ id: 'd-sales' });
    expect(within(rowOf(dialog, 'ben')).getByText('Ben Schulz')).toBeInTheDocument();

    await user.click(within(rowOf(dialog, 'ben')).getByRole('checkbox'));
    // The selection stays while another department is shown.
    await user.click(within(dialog).getByText('Cellsight'));
    await within(dialog).findByRole('cell', { name: 'admin' });
    await user.click(within(rowOf(dialog, 'admin')).getByRole('cell', { name: 'Administrator' }));
    expect(within(dialog).getByText('2 users selected')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(onOk).toHaveBeenCalledTimes(1);
    expect((onOk.mock.calls[0]?.[0] as UserRecord[]).map((picked) => picked.username).sort()).toEqual(['admin', 'ben']);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('searches the department by real name', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness onOk={vi.fn()} onCancel={vi.fn()} />);
    const dialog = await openPicker(user);
    await user.click(within(dialog).getByText('Sales'));
    await within(dialog).findByRole('cell', { name: 'anna' });
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search by real name' }), 'schulz{Enter}');
    await waitFor(() => expect(within(dialog).queryByRole('cell', { name: 'anna' })).not.toBeInTheDocument());
    expect(userQueries.at(-1)).toEqual({ id: 'd-sales', realname: 'schulz' });
    expect(within(dialog).getByRole('cell', { name: 'ben' })).toBeInTheDocument();
  });

  it('emits nothing on Cancel and starts empty when opened again', async () => {
    const onOk = vi.fn();
    const onCancel = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness onOk={onOk} onCancel={onCancel} />);
    let dialog = await openPicker(user);
    await user.click(within(dialog).getByText('Sales'));
    await within(dialog).findByRole('cell', { name: 'anna' });
    await user.click(within(rowOf(dialog, 'anna')).getByRole('checkbox'));
    expect(within(dialog).getByText('1 user selected')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onOk).not.toHaveBeenCalled();

    dialog = await openPicker(user);
    expect(within(dialog).getByText('0 users selected')).toBeInTheDocument();
    // OK without a selection says so and emits nothing.
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Please select at least one user')).toBeInTheDocument();
    expect(onOk).not.toHaveBeenCalled();
  });
});
