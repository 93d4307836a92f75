import { Permission, type TicketRecord, ticketRecordSchema, ticketResource } from '@cellsight/contract';
import { buildRecords } from '@cellsight/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { publishLiveEvent } from '@/lib/live-events';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { session } from '@/lib/session';
import { envelope, failure, findDialog, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { userInfo } from '@/testing/fixtures';
import { describeListPage } from '@/testing/list-page-conformance';
import TicketListPage from './ticket-list-page';

const tickets: TicketRecord[] = buildRecords(ticketRecordSchema, [
  { id: 't-1', orderNo: 'WO20261124000001', title: 'Pack shows a cell fault', category: 'defect', category_dictText: 'Defect', status: 'pending', status_dictText: 'Awaiting acceptance', stationName: 'Harbour Storage', submitterName: 'Erika Muster' },
  { id: 't-2', orderNo: 'WO20261124000002', title: 'Weekly report by mail', category: 'suggestion', category_dictText: 'Suggestion', status: 'completed', status_dictText: 'Completed', stationName: 'Farm Storage', submitterName: 'Max Muster' },
]);

describeListPage('tickets', {
  page: TicketListPage,
  resource: ticketResource,
  records: tickets,
  cellField: 'title',
  columns: ['orderNo', 'title', 'category', 'stationName', 'status', 'submitterName', 'createTime', 'updateTime'],
});

describe('the ticket list', () => {
  let added: Record<string, unknown>[] = [];
  let uploads: string[] = [];
  let listCalls = 0;
  const server = mockServer(
    http.get('/boot/want/ticket/list', () => {
      listCalls += 1;
      return HttpResponse.json(envelope({ records: tickets, total: 2, size: 10, current: 1, pages: 1 }));
    }),
    http.get('/boot/want/tbStation/list', () => HttpResponse.json(envelope({ records: [{ id: 'st-1', name: 'Harbour Storage' }], total: 1, size: 100, current: 1, pages: 1 }))),
    http.post('/boot/sys/common/upload', async ({ request }) => {
      const form = await request.formData();
      expect(form.get('biz')).toBe('ticket');
      const name = (form.get('file') as File).name;
      uploads.push(name);
      return HttpResponse.json(envelope(null, 200, `ticket/20261124/${String(uploads.length).padStart(32, '0')}.png`));
    }),
    http.post('/boot/want/ticket/add', async ({ request }) => {
      added.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(envelope('t-new', 1001, 'WO20261124000003'));
    }),
  );
  const grant = (...codes: string[]) => setPermissions({ auth: [Permission.TicketList, ...codes].map((action) => ({ action, describe: '', type: '1', status: '1' })), allAuth: [] });

  afterEach(() => {
    added = [];
    uploads = [];
    listCalls = 0;
    clearPermissions();
    session.clear();
  });

  it('links each ticket to its page and shows its status and category', async () => {
    grant();
    renderWithProviders(<TicketListPage />);
    const row = (await screen.findByText('Pack shows a cell fault')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'WO20261124000001' })).toHaveAttribute('href', '/worklist/detail?id=t-1');
    expect(within(row).getByText('Awaiting acceptance')).toBeInTheDocument();
    expect(within(row).getByText('Defect')).toBeInTheDocument();
    // Filing is offered only with its permission.
    expect(screen.queryByRole('button', { name: /Add ticket/ })).not.toBeInTheDocument();
  });

  it('files a ticket on one of the user’s stations with two attachments, the contact filled in from the profile', async () => {
    // Without a token, setting the user info forgets the permissions: the user first.
    session.setUserInfo(userInfo({ realname: 'Erika Muster', phone: '13812345678' }));
    session.setDictItems({ ticket_category: [{ value: 'suggestion', text: 'Suggestion', title: 'Suggestion' }, { value: 'defect', text: 'Defect', title: 'Defect' }] });
    grant(Permission.TicketAdd);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<TicketListPage />);
    await user.click(await screen.findByRole('button', { name: /Add ticket/ }));
    const dialog = await findDialog('Add ticket');
    expect(within(dialog).getByLabelText('Contact')).toHaveValue('Erika Muster');
    expect(within(dialog).getByLabelText('Contact mobile')).toHaveValue('13812345678');

    await user.type(within(dialog).getByLabelText('Title'), 'Pack offline since Monday');
    await user.click(within(dialog).getByLabelText('Category'));
    await user.click(await screen.findByTitle('Defect'));
    await user.click(within(dialog).getByLabelText('Station'));
    await user.click(await screen.findByTitle('Harbour Storage'));
    await user.type(within(dialog).getByLabelText('Description'), 'The second pack stays offline.');
    const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText('Attachments'), [png('front.png'), png('back.png')]);
    await waitFor(() => expect(uploads).toHaveLength(2));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]).toEqual({
      title: 'Pack offline since Monday',
      category: 'defect',
      stationId: 'st-1',
      contact: 'Erika Muster',
      contact_mobile: '13812345678',
      description: 'The second pack stays offline.',
      attachments: [`ticket/20261124/${'1'.padStart(32, '0')}.png`, `ticket/20261124/${'2'.padStart(32, '0')}.png`],
    });
  });

  it('refuses files and a mobile number the server would refuse before sending them', async () => {
    grant(Permission.TicketAdd);
    const user = userEvent.setup({ applyAccept: false, delay: null });
    renderWithProviders(<TicketListPage />);
    await user.click(await screen.findByRole('button', { name: /Add ticket/ }));
    const dialog = await findDialog('Add ticket');
    await user.upload(within(dialog).getByLabelText('Attachments'), new File(['#!/bin/sh'], 'run.sh', { type: 'application/x-sh' }));
    expect(await screen.findByText(/only images \(JPG, PNG, GIF, WebP\) and PDF files/)).toBeInTheDocument();
    await user.upload(within(dialog).getByLabelText('Attachments'), new File([new Uint8Array(2 * 1024 * 1024)], 'huge.png', { type: 'image/png' }));
    expect(await screen.findByText(/huge.png: each file must be smaller than 2 MB/)).toBeInTheDocument();
    expect(uploads).toEqual([]);

    // The contract's own rule catches a wrong mobile before sending.
    await user.type(within(dialog).getByLabelText('Contact mobile'), '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a valid mobile number')).toBeInTheDocument();
    expect(added).toEqual([]);
  });

  it('puts the server’s refusal on its field', async () => {
    session.setDictItems({ ticket_category: [{ value: 'defect', text: 'Defect', title: 'Defect' }] });
    grant(Permission.TicketAdd);
    server.use(http.post('/boot/want/ticket/add', () => HttpResponse.json(failure(4000, 'stationId: station not found', [{ field: 'stationId', message: 'station not found' }]), { status: 404 })));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<TicketListPage />);
    await user.click(await screen.findByRole('button', { name: /Add ticket/ }));
    const dialog = await findDialog('Add ticket');
    for (const [label, value] of [['Title', 'Pack offline'], ['Contact', 'Erika'], ['Contact mobile', '13812345678'], ['Description', 'Offline.']]) await user.type(within(dialog).getByLabelText(label!), value!);
    await user.click(within(dialog).getByLabelText('Category'));
    await user.click(await screen.findByTitle('Defect'));
    await user.click(within(dialog).getByLabelText('Station'));
    await user.click(await screen.findByTitle('Harbour Storage'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('station not found')).toBeInTheDocument();
  });

  it('reads the list again when a ticket changes in another console', async () => {
    grant();
    renderWithProviders(<TicketListPage />);
    await screen.findByText('Pack shows a cell fault');
    const before = listCalls;
    publishLiveEvent({ event: 'ticket.changed', data: { id: 't-9', orderNo: 'WO20261124000009', status: 'pending', change: 'created' }, at: Date.now() });
    await waitFor(() => expect(listCalls).toBeGreaterThan(before));
  });
});
