import { type OutboxRecord, Permission, outboxResource } from '@cellsight/contract';
import { buildRecord, buildRecords } from '@cellsight/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { envelope, findDialog, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { describeListPage } from '@/testing/list-page-conformance';
import OutboxListPage from './outbox-list-page';

describeListPage('outbox', {
  page: OutboxListPage,
  resource: outboxResource,
  records: buildRecords(outboxResource.record, [
    { recipient: 'ops@example.com', subject: 'Cellsight: test message', channel: 'mail', status: 'sent', error: null },
    { recipient: 'anna@example.com', subject: 'Your sign-up code', channel: 'mail', status: 'kept', error: null },
  ]),
  cellField: 'recipient',
  columns: ['recipient', 'subject', 'channel', 'status', 'createTime'],
});

describe('a test message', () => {
  let sent: Record<string, unknown>[] = [];
  let outcome: Partial<OutboxRecord> = {};
  let listReads = 0;
  mockServer(
    http.get('/boot/sys/outbox/list', () => {
      listReads++;
      return HttpResponse.json(envelope({ records: [], total: 0, size: 10, current: 1, pages: 0 }));
    }),
    http.post('/boot/sys/outbox/testMail', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return HttpResponse.json(envelope(buildRecord(outboxResource.record, { recipient: String(body.to), channel: 'mail', status: 'sent', error: null, ...outcome })));
    }),
  );
  afterEach(() => {
    sent = [];
    outcome = {};
    clearPermissions();
  });
  const grant = (...codes: string[]) => setPermissions({ auth: [Permission.OutboxList, ...codes].map((action) => ({ action, describe: '', type: '1', status: '1' })), allAuth: [] });

  it('is offered only with its permission', async () => {
    grant();
    renderWithProviders(<OutboxListPage />);
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Send a test message/ })).toBeNull();
  });

  it('checks the address before sending, then says whether the SMTP server took it, kept it or refused it', async () => {
    grant(Permission.OutboxTest);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<OutboxListPage />);
    await user.click(await screen.findByRole('button', { name: /Send a test message/ }));
    const dialog = await findDialog('Send a test message');
    await user.type(within(dialog).getByLabelText('To'), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Invalid e-mail format')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(within(dialog).getByLabelText('To'));
    await user.type(within(dialog).getByLabelText('To'), 'ops@example.com');
    const readsBefore = listReads;
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('The SMTP server accepted the message to ops@example.com.')).toBeInTheDocument();
    expect(sent).toEqual([{ to: 'ops@example.com' }]);
    await waitFor(() => expect(listReads).toBeGreaterThan(readsBefore));

    outcome = { status: 'kept' };
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('No SMTP server is configured: the message is kept in the outbox.')).toBeInTheDocument();

    outcome = { status: 'failed', error: 'connect ECONNREFUSED 127.0.0.1:25' };
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('The message could not be sent')).toBeInTheDocument();
    expect(within(dialog).getByText('connect ECONNREFUSED 127.0.0.1:25')).toBeInTheDocument();
  });
});
