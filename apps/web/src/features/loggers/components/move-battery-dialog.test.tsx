import { type BatteryRecord, Permission, batteryRecordSchema } from '@cellsight/contract';
import { buildRecord } from '@cellsight/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { session } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import { envelope, failure, findDialog, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { BatteryTable } from './battery-table';

const battery: BatteryRecord = buildRecord(batteryRecordSchema, { batterySn: 'PACK-0001', loggerGsn: 'GW-0001', status: 'normal', soc: 60 });

let moves: unknown[] = [];
let listReads = 0;
const server = mockServer(
  http.get('/boot/want/battery/list', () => {
    listReads++;
    return HttpResponse.json(envelope({ records: [battery], total: 1, size: 100, current: 1, pages: 1 }));
  }),
  http.post('/boot/want/battery/move', async ({ request }) => {
    moves.push(await request.json());
    return HttpResponse.json(envelope(null, 1002, 'Battery moved'));
  }),
);

const grant = (...codes: string[]) => setPermissions({ auth: codes.map((action) => ({ action, describe: '', type: '1', status: '1' })), allAuth: [] });
const actionName = 'Move battery PACK-0001 to another logger';

afterEach(() => {
  moves = [];
  listReads = 0;
  clearPermissions();
  session.clear();
});

const openDialog = async () => {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<BatteryTable gsn="GW-0001" />);
  await user.click(await screen.findByRole('button', { name: actionName }));
  const dialog = await findDialog(actionName);
  const target = within(dialog).getByLabelText('New logger SN');
  const submit = within(dialog).getByRole('button', { name: 'Move battery' });
  return { user, dialog, target, submit };
};

describe('moving a battery to another logger', () => {
  it('is offered only with the permission (administrators), and never to the demo account', async () => {
    grant(Permission.LoggerList, Permission.CommandRestart);
    const { unmount } = renderWithProviders(<BatteryTable gsn="GW-0001" />);
    await screen.findByText('PACK-0001');
    expect(screen.queryByRole('button', { name: actionName })).not.toBeInTheDocument();
    unmount();

    // The demo account (signed in first: a session change without a token forgets the permissions).
    session.setUserInfo(userInfo({ demo: true }));
    grant(Permission.LoggerList, Permission.BatteryMove);
    renderWithProviders(<BatteryTable gsn="GW-0001" />);
    await screen.findByText('PACK-0001');
    expect(screen.queryByRole('button', { name: actionName })).not.toBeInTheDocument();
  });

  it('checks the new logger’s SN by the contract’s rule, and that it is another logger, before sending', async () => {
    grant(Permission.LoggerList, Permission.BatteryMove);
    const { user, dialog, target, submit } = await openDialog();
    expect(within(dialog).getByText('GW-0001')).toBeInTheDocument();
    await user.click(submit);
    expect(await within(dialog).findByText('Please enter the new logger\'s SN')).toBeInTheDocument();
    await user.type(target, 'no/such sn');
    await user.click(submit);
    expect(await within(dialog).findByText('4 to 32 letters, digits, dashes or underscores')).toBeInTheDocument();
    await user.clear(target);
    await user.type(target, 'GW-0001');
    await user.click(submit);
    expect(await within(dialog).findByText('The battery belongs to this logger already')).toBeInTheDocument();
    expect(moves).toEqual([]);
  });

  it('moves the row’s battery to the logger given, confirms, closes and reads the batteries again', async () => {
    grant(Permission.LoggerList, Permission.BatteryMove);
    const { user, target, submit } = await openDialog();
    const readsBefore = listReads;
    await user.type(target, ' GW-0002 ');
    await user.click(submit);
    expect(await screen.findByText('Battery PACK-0001 now belongs to logger GW-0002')).toBeInTheDocument();
    expect(moves).toEqual([{ batterySn: 'PACK-0001', gsn: 'GW-0002' }]);
    await waitFor(() => expect(screen.queryByText(actionName, { selector: '.ant-modal-title' })).not.toBeInTheDocument());
    await waitFor(() => expect(listReads).toBeGreaterThan(readsBefore));
  });

  it('puts the server’s refusals on the field, in the console’s language', async () => {
    grant(Permission.LoggerList, Permission.BatteryMove);
    server.use(
      http.post('/boot/want/battery/move', async ({ request }) => {
        const { gsn } = (await request.json()) as { gsn: string };
        return gsn === 'GW-0404'
          ? HttpResponse.json(failure(4000, `gsn: logger ${gsn} not found`, [{ field: 'gsn', message: `logger ${gsn} not found` }]), { status: 404 })
          : HttpResponse.json(failure(4004, `gsn: battery PACK-0001 already belongs to logger ${gsn}`, [{ field: 'gsn', message: `battery PACK-0001 already belongs to logger ${gsn}` }]), { status: 400 });
      }),
    );
    const { user, dialog, target, submit } = await openDialog();
    await user.type(target, 'GW-0404');
    await user.click(submit);
    expect(await within(dialog).findByText('None of your loggers has the SN GW-0404')).toBeInTheDocument();
    // Another console moved it there meanwhile: the server knows better than the row.
    await user.clear(target);
    await user.type(target, 'GW-0003');
    await user.click(submit);
    expect(await within(dialog).findByText('The battery belongs to this logger already')).toBeInTheDocument();
  });
});
