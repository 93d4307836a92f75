import type { AlarmRules } from '@cellsight/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/lib/session';
import { userInfo } from '@/testing/fixtures';
import { envelope, failure, findDialog, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { NotificationSettings } from './notification-settings';
import { UserSettingsModal } from './user-settings-modal';

configure({ defaultHidden: true });

const me = userInfo({ id: 'u1', username: 'alice', realname: 'Alice', email: 'alice@example.com' });
const defaults: AlarmRules = { custom: false, hasEmail: true, rules: [{ stationId: null, stationName: null, eventTypes: ['fault'], delayMinutes: 0, escalateAfterMinutes: null }] };

let saved: unknown[] = [];
const server = mockServer(
  http.get('/boot/sys/user/queryById', () => HttpResponse.json(envelope(me))),
  http.get('/boot/sys/alarmNotification/rules', () => HttpResponse.json(envelope(defaults))),
  http.put('/boot/sys/alarmNotification/rules', async ({ request }) => {
    const body = (await request.json()) as { rules: AlarmRules['rules'] };
    saved.push(body);
    const names: Record<string, string> = { 'st-1': 'Harbour Storage' };
    return HttpResponse.json(envelope({ custom: true, hasEmail: true, rules: body.rules.map((rule) => ({ ...rule, stationName: rule.stationId ? (names[rule.stationId] ?? null) : null })) }, 1002, 'Saved'));
  }),
  http.get('/boot/want/tbStation/list', () => HttpResponse.json(envelope({ records: [{ id: 'st-1', name: 'Harbour Storage' }], total: 1, size: 100, current: 1, pages: 1 }))),
);

beforeEach(() => {
  saved = [];
  session.setUserInfo(me);
});
afterEach(() => session.clear());

const renderSettings = async () => {
  renderWithProviders(<NotificationSettings />);
  return screen.findByRole('button', { name: 'Save notifications' });
};
const rule = (number: number) => {
  const title = screen.getByText(`Rule ${number}`);
  const card = title.closest<HTMLElement>('.ant-card');
  if (!card) throw new Error(`no card for rule ${number}`);
  return card;
};

describe('NotificationSettings', () => {
  it('is a tab of the user settings, showing the default rule until the user saves their own', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<UserSettingsModal open onClose={vi.fn()} />);
    const dialog = await findDialog('User settings');
    await within(dialog).findByDisplayValue('Alice');
    await user.click(within(dialog).getByRole('tab', { name: 'Notifications' }));
    expect(await within(dialog).findByText(/You have not chosen yet: faults on all your stations/)).toBeInTheDocument();
    const first = rule(1);
    expect(within(first).getByRole('checkbox', { name: 'Fault' })).toBeChecked();
    expect(within(first).getByRole('checkbox', { name: 'Warning' })).not.toBeChecked();
    expect(within(first).getByLabelText('Delay (minutes)')).toHaveValue('0');
    expect(within(first).getByLabelText('Escalate after (minutes)')).toHaveValue('');
  });

  it('saves an all-stations rule with escalation and a station rule for warnings', async () => {
    const user = userEvent.setup({ delay: null });
    await renderSettings();
    await user.type(within(rule(1)).getByLabelText('Escalate after (minutes)'), '30');
    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    const second = rule(2);
    await user.click(within(second).getByLabelText('Station'));
    await user.click(await screen.findByTitle('Harbour Storage'));
    await user.click(within(second).getByRole('checkbox', { name: 'Fault' }));
    await user.click(within(second).getByRole('checkbox', { name: 'Warning' }));
    const delay = within(second).getByLabelText('Delay (minutes)');
    await user.clear(delay);
    await user.type(delay, '15');
    await user.click(screen.getByRole('button', { name: 'Save notifications' }));
    await waitFor(() =>
      expect(saved).toEqual([
        {
          rules: [
            { stationId: null, eventTypes: ['fault'], delayMinutes: 0, escalateAfterMinutes: 30 },
            { stationId: 'st-1', eventTypes: ['warning'], delayMinutes: 15, escalateAfterMinutes: null },
          ],
        },
      ]),
    );
    // The answer is what is in force now: the user's own rules, no longer the default.
    await waitFor(() => expect(screen.queryByText(/You have not chosen yet/)).not.toBeInTheDocument());
    expect(within(rule(2)).getByTitle('Harbour Storage')).toBeInTheDocument();
  });

  it('asks for an event type before sending anything', async () => {
    const user = userEvent.setup({ delay: null });
    await renderSettings();
    await user.click(within(rule(1)).getByRole('checkbox', { name: 'Fault' }));
    await user.click(screen.getByRole('button', { name: 'Save notifications' }));
    expect(await screen.findByText('Choose at least one event type')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('shows the server’s refusal on the rule’s field', async () => {
    server.use(
      http.put('/boot/sys/alarmNotification/rules', () =>
        HttpResponse.json(failure(404, 'rules[0].stationId: Station not found', [{ field: 'rules[0].stationId', message: 'Station not found' }]), { status: 404 }),
      ),
    );
    await renderSettings();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Save notifications' }));
    expect(await within(rule(1)).findByText('Station not found')).toBeInTheDocument();
  });

  it('warns without an e-mail address, and saves no rules at all to turn mail off', async () => {
    server.use(http.get('/boot/sys/alarmNotification/rules', () => HttpResponse.json(envelope({ ...defaults, hasEmail: false }))));
    const user = userEvent.setup({ delay: null });
    await renderSettings();
    expect(screen.getByText(/Your account has no e-mail address/)).toBeInTheDocument();
    await user.click(within(rule(1)).getByRole('button', { name: 'Remove' }));
    expect(screen.getByText('No rules: no alarm reaches you by mail.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save notifications' }));
    await waitFor(() => expect(saved).toEqual([{ rules: [] }]));
  });
});
