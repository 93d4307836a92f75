import { type BatteryRecord, type CommandRecord, Permission, ServerCode, batteryRecordSchema, commandRecordSchema, upgradeRefusals } from '@cellsight/contract';
import { buildRecord } from '@cellsight/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Navigate, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { session } from '@/lib/session';
import { envelope, failure, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { userInfo } from '@/testing/fixtures';
import BatteryDetailPage from './battery-detail-page';

// jsdom has no canvas: a chart shows the series it was given instead of drawing them.
vi.mock('@/components/e-chart', () => ({
  EChart: ({ option, label }: { option: { series: { data: unknown[] }[] }; label: string }) => (
    <div role="img" aria-label={label}>
      {option.series.map((series) => JSON.stringify(series.data)).join(' | ')}
    </div>
  ),
}));

const pack: BatteryRecord = buildRecord(batteryRecordSchema, {
  batterySn: 'PACK-0001',
  loggerGsn: 'GW-0001',
  stationId: 'st-1',
  stationName: 'Harbour Storage',
  alias: null,
  bmsSn: 'BMS-77',
  status: 'normal',
  state: 'charge',
  role: 'master',
  workMode: 'self-use',
  hwVersion: 'H1.2',
  swVersion: 'S3.4.5',
});

let operations: Record<string, unknown>[] = [];
let cellHistoryQueries: Record<string, string>[] = [];
/** How the server refuses the next operation, if it does. */
let refusal: { code: number; message: string } | null = null;
let aliases: Record<string, unknown>[] = [];
/** What queryById answers for the command: the device's answer once it has come. */
let answered: Partial<CommandRecord> = {};
const command = (overrides: Partial<CommandRecord>): CommandRecord =>
  buildRecord(commandRecordSchema, { id: 'cmd-1', gsn: 'GW-0001', batterySn: 'PACK-0001', op: 'settings', status: 'sent', code: null, message: null, late: false, sentAt: '2026-11-24T10:00:00Z', finishedAt: null, ...overrides });

mockServer(
  http.get('/boot/want/battery/queryById', ({ request }) => {
    const id = new URL(request.url).searchParams.get('id');
    return id === pack.batterySn ? HttpResponse.json(envelope(pack)) : HttpResponse.json(failure(4000, `battery ${id} not found`), { status: 404 });
  }),
  http.post('/boot/want/device/operate', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    operations.push(body);
    if (refusal) return HttpResponse.json(failure(refusal.code, refusal.message), { status: 400 });
    return HttpResponse.json(envelope(command({ op: body.op as CommandRecord['op'], val: String(body.val), status: 'sent' })));
  }),
  http.get('/boot/want/battery/cellHistory', ({ request }) => {
    cellHistoryQueries.push(Object.fromEntries(new URL(request.url).searchParams));
    return HttpResponse.json(
      envelope({ batterySn: 'PACK-0001', date: '2026-11-24', timezone: 'Europe/Berlin', kind: 'voltage', bucketMinutes: 5, buckets: ['2026-11-23T23:00:00.000Z'], cells: [[3.301], [3.322], [3.296]] }),
    );
  }),
  http.get('/boot/want/battery/cells', () => HttpResponse.json(envelope({ batterySn: 'PACK-0001', ts: '2026-11-24T09:59:00Z', cellVoltages: [3.301, 3.322, 3.296], cellTemperatures: [24.5, 26] }))),
  http.get('/boot/want/firmware/versions', ({ request }) =>
    HttpResponse.json(
      envelope(
        new URL(request.url).searchParams.get('deviceType') === 'battery'
          ? [
              { id: 'fw-new', version: 'S3.5.0', size: 524288, remark: 'Balancing at lower current', createTime: '2026-11-20T08:00:00Z' },
              { id: 'fw-now', version: 'S3.4.5', size: 520000, remark: null, createTime: '2026-10-01T08:00:00Z' },
            ]
          : [],
      ),
    ),
  ),
  http.get('/boot/want/command/queryById', () => HttpResponse.json(envelope(command({ ...answered })))),
  http.post('/boot/want/battery/edit', async ({ request }) => {
    aliases.push((await request.json()) as Record<string, unknown>);
    return HttpResponse.json(envelope(null, 1002, 'Edited'));
  }),
);

const grant = (...codes: string[]) => setPermissions({ auth: [Permission.BatteryIndex, ...codes].map((action) => ({ action, describe: '', type: '1', status: '1' })), allAuth: [] });

const renderDetail = (search: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/" element={<Navigate to={`/battery/detail${search}`} />} />
      <Route path="/battery/detail" element={<BatteryDetailPage />} />
      <Route path="/battery/index" element={<p>Battery list</p>} />
    </Routes>,
  );

beforeEach(() => {
  refusal = null;
  cellHistoryQueries = [];
  operations = [];
  aliases = [];
  answered = {};
});
afterEach(() => {
  clearPermissions();
  session.clear();
});

describe('battery detail', () => {
  it('shows every field of the battery and edits its alias', async () => {
    const user = userEvent.setup({ delay: null });
    grant(Permission.BatteryEdit, Permission.BatteryChangeList);
    renderDetail('?batterySn=PACK-0001');
    expect(await screen.findByText('BMS-77')).toBeInTheDocument();
    expect(screen.getByText('Harbour Storage').closest('a')).toHaveAttribute('href', '/stationmgr/detail?id=st-1');
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute('href', '/battery/history?batterySn=PACK-0001');
    expect(screen.getByRole('link', { name: 'Change records' })).toHaveAttribute('href', '/battery/change?sn=PACK-0001');
    for (const text of ['Master', 'Charging', 'self-use', 'H1.2', 'S3.4.5', 'GW-0001']) expect(screen.getByText(text)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit the alias' }));
    await user.type(screen.getByRole('textbox', { name: 'Alias' }), 'Rack 1 top{Enter}');
    await waitFor(() => expect(aliases).toEqual([{ batterySn: 'PACK-0001', alias: 'Rack 1 top' }]));
    expect(await screen.findByText('Alias saved')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Cells' }));
    expect(await screen.findByText('Highest (cell 2)')).toBeInTheDocument();
    expect(screen.getByText('Lowest (cell 3)')).toBeInTheDocument();
    // Every cell over the day: today in the battery's own zone unless a day is chosen.
    const heatmap = await screen.findByRole('region', { name: 'Cells over the day' });
    // Cell 3 reads 5 mV below the pack's median (3.301 V), cell 2 21 mV above.
    expect(await within(heatmap).findByRole('img', { name: 'Cells of PACK-0001 on 2026-11-24' })).toHaveTextContent('[[0,0,0,3.301],[0,1,21,3.322],[0,2,-5,3.296]]');
    expect(within(heatmap).getByText(/in the battery's time zone \(Europe\/Berlin\)/)).toBeInTheDocument();
    expect(cellHistoryQueries[0]).toMatchObject({ batterySn: 'PACK-0001', kind: 'voltage' });
    expect(cellHistoryQueries[0]?.date).toBeUndefined();
  });

  it('refuses an EOD outside 44 to 50 before sending, then sends a remote setting and says the device’s refusal in words', async () => {
    const user = userEvent.setup({ delay: null });
    grant(Permission.CommandSettings);
    renderDetail('?batterySn=PACK-0001');
    await user.click(await screen.findByRole('tab', { name: 'Remote setting' }));
    const eod = screen.getByRole('spinbutton', { name: 'EOD (end-of-discharge voltage)' });
    await user.type(eod, '51');
    await user.click(screen.getByRole('button', { name: 'Send settings' }));
    expect(await screen.findByText('Out of range: the EOD must be from 44 to 50')).toBeInTheDocument();
    expect(operations).toEqual([]);

    answered = { status: 'failed', code: 4, message: 'eod expects a number', finishedAt: '2026-11-24T10:00:02Z' };
    await user.clear(eod);
    await user.type(eod, '46.5');
    await user.type(screen.getByRole('spinbutton', { name: 'Highest SOC' }), '95');
    await user.click(screen.getByRole('button', { name: 'Send settings' }));
    await waitFor(() => expect(operations).toEqual([{ gsno: 'GW-0001', op: 'settings', batterySn: 'PACK-0001', val: JSON.stringify({ eod: 46.5, socMax: 95 }) }]));
    const progress = await screen.findByRole('status', { name: 'Progress of the Remote setting command' });
    expect(await within(progress).findByText('Remote setting: the battery refused')).toBeInTheDocument();
    expect(within(progress).getByText('Wrong parameter type (4): eod expects a number')).toBeInTheDocument();
  });

  it('asks before restarting, sends the restart only once confirmed, and follows it to the battery’s answer', async () => {
    const user = userEvent.setup({ delay: null });
    grant(Permission.CommandRestart);
    renderDetail('?batterySn=PACK-0001');
    await user.click(await screen.findByRole('button', { name: /Restart/ }));
    const confirm = (await screen.findByText('Restart the battery?')).closest('.ant-popover') as HTMLElement;
    expect(within(confirm).getByText('Battery PACK-0001 restarts and is unavailable for a moment.')).toBeInTheDocument();
    expect(operations).toEqual([]);
    // Shutdown needs its own permission.
    expect(screen.queryByRole('button', { name: /Shut down/ })).toBeNull();

    answered = { op: 'restart', status: 'acknowledged', code: 0, finishedAt: '2026-11-24T10:00:03Z' };
    await user.click(within(confirm).getByRole('button', { name: 'Restart' }));
    await waitFor(() => expect(operations).toEqual([{ gsno: 'GW-0001', op: 'restart', batterySn: 'PACK-0001', val: '' }]));
    const progress = await screen.findByRole('status', { name: 'Progress of the Restart command' });
    expect(await within(progress).findByText('Restart: the battery has done it')).toBeInTheDocument();
    expect(within(progress).getByText('Success (0)')).toBeInTheDocument();
  });

  it('upgrades from the firmware library after a confirmation, follows the download to a failure in words, and says the 5-minute cool-down and a missing PUBLIC_URL', async () => {
    const user = userEvent.setup({ delay: null });
    grant(Permission.CommandUpgrade);
    renderDetail('?batterySn=PACK-0001');
    await user.click(await screen.findByRole('tab', { name: 'Remote upgrade' }));
    expect(screen.getByText('S3.4.5')).toBeInTheDocument();
    const start = screen.getByRole('button', { name: 'Start upgrade' });
    expect(start).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Firmware version' }));
    // The installed version cannot be chosen again.
    expect(await screen.findByTitle(/^S3\.4\.5/)).toHaveClass('ant-select-item-option-disabled');
    await user.click(screen.getByTitle(/^S3\.5\.0/));
    expect(screen.getByText('Balancing at lower current')).toBeInTheDocument();

    answered = { op: 'upgrade', status: 'acknowledged', code: 0, upgradeState: 'downloading', progress: 40, finishedAt: null };
    await user.click(start);
    const confirm = (await screen.findByText('Upgrade the battery?')).closest('.ant-popover') as HTMLElement;
    expect(operations).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Start upgrade' }));
    await waitFor(() => expect(operations).toEqual([{ gsno: 'GW-0001', op: 'upgrade', batterySn: 'PACK-0001', val: JSON.stringify({ firmwareId: 'fw-new' }) }]));
    const progress = await screen.findByRole('status', { name: 'Progress of the Upgrade command' });
    expect(await within(progress).findByText('Downloading the firmware')).toBeInTheDocument();
    expect(within(progress).getByRole('progressbar', { name: 'Upgrade progress' })).toHaveAttribute('aria-valuenow', '40');

    answered = { op: 'upgrade', status: 'failed', code: 500, upgradeState: 'download_failed', progress: 40, message: 'sha256 mismatch', finishedAt: '2026-11-24T10:02:00Z' };
    expect(await within(progress).findByText('Upgrade download failed')).toBeInTheDocument();
    expect(within(progress).getByText('Failure (500): sha256 mismatch')).toBeInTheDocument();

    refusal = { code: ServerCode.OPERATION_FAILED, message: upgradeRefusals.coolDown };
    await user.click(start);
    await user.click(within((await screen.findAllByText('Upgrade the battery?')).at(-1)?.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Start upgrade' }));
    expect(await screen.findByText('Less than 5 minutes since the last upgrade: wait a moment before the next.')).toBeInTheDocument();

    // An installation without PUBLIC_URL cannot give loggers a download address: said in the console's words.
    refusal = { code: ServerCode.OPERATION_FAILED, message: upgradeRefusals.noPublicUrl };
    await user.click(start);
    await user.click(within((await screen.findAllByText('Upgrade the battery?')).at(-1)?.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Start upgrade' }));
    expect(await screen.findByText(/the installation has no public address \(PUBLIC_URL\)/)).toBeInTheDocument();
  });

  it('offers no remote setting, restart or shutdown without their permissions, nor to a demo account', async () => {
    grant();
    const view = renderDetail('?batterySn=PACK-0001');
    await screen.findByText('BMS-77');
    expect(screen.queryByRole('tab', { name: 'Remote setting' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Restart/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Change records' })).toBeNull();
    view.unmount();

    session.setUserInfo(userInfo({ demo: true }));
    grant(Permission.CommandSettings, Permission.CommandRestart, Permission.CommandShutdown, Permission.BatteryEdit);
    renderDetail('?batterySn=PACK-0001');
    await screen.findByText('BMS-77');
    expect(screen.queryByRole('tab', { name: 'Remote setting' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Restart/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Shut down/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit the alias' })).toBeNull();
  });

  it('says a battery that is not there (or not the user’s) was not found, with the way back to the list', async () => {
    const user = userEvent.setup({ delay: null });
    grant();
    renderDetail('?batterySn=PACK-9999');
    expect(await screen.findByText('Battery not found')).toBeInTheDocument();
    expect(screen.getByText('Battery PACK-9999 does not exist or is not one of yours.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the batteries' }));
    expect(await screen.findByText('Battery list')).toBeInTheDocument();
  });
});
