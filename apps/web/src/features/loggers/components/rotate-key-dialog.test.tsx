import { type LoggerRecord, Permission, loggerRecordSchema } from '@cellsight/contract';
import { buildRecord } from '@cellsight/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { envelope, failure, findDialog, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import LoggerListPage from '../routes/logger-list-page';

const logger: LoggerRecord = buildRecord(loggerRecordSchema, { gsn: 'GW-0001', online: true, batteryCount: 0 });

let rotations: unknown[] = [];
const server = mockServer(
  http.get('/boot/want/logger/list', () => HttpResponse.json(envelope({ records: [logger], total: 1, size: 10, current: 1, pages: 1 }))),
  http.post('/boot/want/logger/rotateKey', async ({ request }) => {
    rotations.push(await request.json());
    return HttpResponse.json(envelope(null, 1002, 'Key changed'));
  }),
);

const grant = (...codes: string[]) => setPermissions({ auth: codes.map((action) => ({ action, describe: '', type: '1', status: '1' })), allAuth: [] });

afterEach(() => {
  rotations = [];
  clearPermissions();
});

const openDialog = async () => {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<LoggerListPage />);
  const row = (await screen.findByText('GW-0001')).closest('tr') as HTMLElement;
  await user.click(within(row).getByRole('button', { name: 'Change key' }));
  const dialog = await findDialog('Change the registration key of GW-0001');
  const [key, confirm] = [within(dialog).getByLabelText('New registration key'), within(dialog).getByLabelText('Confirm the new key')];
  const submit = within(dialog).getByRole('button', { name: 'Change key' });
  return { user, dialog, key, confirm, submit };
};

describe('changing a logger key', () => {
  it('is offered only with the permission (administrators)', async () => {
    grant(Permission.LoggerList, Permission.LoggerRegister);
    renderWithProviders(<LoggerListPage />);
    await screen.findByText('GW-0001');
    expect(screen.queryByRole('button', { name: 'Change key' })).not.toBeInTheDocument();
  });

  it('checks the key by the registration rule and the confirmation before sending', async () => {
    grant(Permission.LoggerList, Permission.LoggerRotateKey);
    const { user, dialog, key, confirm, submit } = await openDialog();
    await user.click(submit);
    expect(await within(dialog).findByText('Please enter the registration key!')).toBeInTheDocument();
    // Each field's rules settle on their own.
    expect(await within(dialog).findByText('Please enter the new key again')).toBeInTheDocument();
    await user.type(key, 'has space');
    await user.type(confirm, 'has space');
    await user.click(submit);
    expect(await within(dialog).findByText('8 to 64 printable characters without spaces')).toBeInTheDocument();
    await user.clear(key);
    await user.type(key, 'new-key-0002');
    await user.clear(confirm);
    await user.type(confirm, 'new-key-0003');
    await user.click(submit);
    expect(await within(dialog).findByText('The two keys do not match')).toBeInTheDocument();
    expect(rotations).toEqual([]);
  });

  it('sends the new key for the row’s logger, confirms, and closes', async () => {
    grant(Permission.LoggerList, Permission.LoggerRotateKey);
    const { user, key, confirm, submit } = await openDialog();
    await user.type(key, 'new-key-0002');
    await user.type(confirm, 'new-key-0002');
    await user.click(submit);
    expect(await screen.findByText('The key of GW-0001 was changed; the logger must reconnect with the new key')).toBeInTheDocument();
    expect(rotations).toEqual([{ gsn: 'GW-0001', key: 'new-key-0002' }]);
    await waitFor(() => expect(screen.queryByText('Change the registration key of GW-0001', { selector: '.ant-modal-title' })).not.toBeInTheDocument());
  });

  it('puts the server’s refusal of the current key on the key field, in the console’s language', async () => {
    server.use(http.post('/boot/want/logger/rotateKey', () => HttpResponse.json(failure(4004, 'key: must differ from the current key', [{ field: 'key', message: 'must differ from the current key' }]), { status: 400 })));
    grant(Permission.LoggerList, Permission.LoggerRotateKey);
    const { user, dialog, key, confirm, submit } = await openDialog();
    await user.type(key, 'same-key-0001');
    await user.type(confirm, 'same-key-0001');
    await user.click(submit);
    expect(await within(dialog).findByText('The new key must differ from the current one')).toBeInTheDocument();
  });
});
