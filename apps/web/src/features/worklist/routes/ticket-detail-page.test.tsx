import { type TicketRecord, type TicketThread, ticketRecordSchema } from '@cellsight/contract';
import { buildRecords } from '@cellsight/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Navigate, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publishLiveEvent } from '@/lib/live-events';
import { session } from '@/lib/session';
import { envelope, failure, findDialog, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { loginResult } from '@/testing/fixtures';
import TicketDetailPage from './ticket-detail-page';

const photo = `ticket/20261124/${'a'.repeat(32)}.png`;
const report = `ticket/20261124/${'b'.repeat(32)}.pdf`;
const [ticket] = buildRecords(ticketRecordSchema, [
  {
    id: 't-1',
    orderNo: 'WO20261124000001',
    title: 'Pack shows a cell fault',
    category: 'defect',
    category_dictText: 'Defect',
    status: 'pending',
    status_dictText: 'Awaiting acceptance',
    stationId: 'st-1',
    stationName: 'Harbour Storage',
    submitterName: 'Erika Muster',
    contact: 'Erika Muster',
    contact_mobile: '13812345678',
    description: 'The second pack reports a cell fault every morning.',
    attachments: [photo, report],
    resolved: null,
    speedRating: null,
    attitudeRating: null,
    closeTime: null,
  },
]) as [TicketRecord];

const entry = (overrides: Partial<TicketThread['entries'][number]>): TicketThread['entries'][number] => ({
  id: 'e-1',
  action: 'create',
  status: 'pending',
  content: null,
  attachments: [],
  authorId: 'u-end',
  authorName: 'Erika Muster',
  createTime: '2026-11-24T08:00:00.000Z',
  ...overrides,
});

describe('the ticket page', () => {
  let current: TicketRecord = ticket;
  let thread: TicketThread = { entries: [entry({})], actions: [], canReply: true, canClose: false };
  let posted: { call: string; body: unknown }[] = [];
  let threadCalls = 0;
  /** The attachments asked for, with the session header each request carried. */
  let fetchedFiles: { path: string; token: string | null }[] = [];
  const server = mockServer(
    // Attachments are private: the page fetches them with its session, never by a bare address.
    http.get('/boot/sys/common/view/*', ({ request }) => {
      const path = new URL(request.url).pathname.replace('/boot/sys/common/view/', '');
      fetchedFiles.push({ path, token: request.headers.get('x-access-token') });
      const pdf = path.endsWith('.pdf');
      return new HttpResponse(pdf ? '%PDF-1.4' : 'png', {
        headers: pdf ? { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="site-report.pdf"; filename*=UTF-8''site-report.pdf` } : { 'content-type': 'image/png' },
      });
    }),
    http.get('/boot/want/ticket/queryById', () => HttpResponse.json(envelope(current))),
    http.get('/boot/want/ticket/thread', () => {
      threadCalls += 1;
      return HttpResponse.json(envelope(thread));
    }),
    http.post('/boot/want/ticket/:call', async ({ params, request }) => {
      posted.push({ call: String(params.call), body: await request.json() });
      return HttpResponse.json(envelope(params.call === 'transition' ? 'processing' : null, params.call === 'reply' ? 1001 : 1002, 'ok'));
    }),
  );

  afterEach(() => {
    current = ticket;
    thread = { entries: [entry({})], actions: [], canReply: true, canClose: false };
    posted = [];
    threadCalls = 0;
    fetchedFiles = [];
    session.clear();
  });

  const renderDetail = (search = '?id=t-1') =>
    renderWithProviders(
      <Routes>
        <Route path="/" element={<Navigate to={`/worklist/detail${search}`} />} />
        <Route path="/worklist/detail" element={<TicketDetailPage />} />
        <Route path="/worklist/index" element={<p>Ticket list</p>} />
      </Routes>,
    );

  it('shows the ticket, its attachments and its thread, and lets the handler accept it', async () => {
    thread = {
      entries: [entry({}), entry({ id: 'e-2', action: null, status: null, content: 'Which pack exactly?', authorName: 'Ivan Installer', attachments: [photo] })],
      actions: ['accept'],
      canReply: true,
      canClose: false,
    };
    session.start(loginResult({ token: 'session-token' }));
    let blobs = 0;
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => `blob:attachment-${++blobs}`), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup({ delay: null });
    renderDetail();
    expect(await screen.findByText('WO20261124000001 · Pack shows a cell fault')).toBeInTheDocument();
    expect(screen.getAllByText('Awaiting acceptance').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Harbour Storage' })).toHaveAttribute('href', '/stationmgr/detail?id=st-1');
    expect(screen.getByText('13812345678')).toBeInTheDocument();
    expect(screen.getByText('The second pack reports a cell fault every morning.')).toBeInTheDocument();
    // The photo is fetched with the session and shown as a blob; the PDF is only ever saved.
    await waitFor(() => expect(screen.getAllByRole('img', { name: 'Attachment 1' })[0]).toHaveAttribute('src', expect.stringMatching(/^blob:attachment-/)));
    expect(screen.queryByRole('link', { name: /Attachment 2/ })).toBeNull();
    expect(fetchedFiles).toContainEqual({ path: photo, token: 'session-token' });
    expect(fetchedFiles.some((file) => file.path === report)).toBe(false);
    await user.click(screen.getByRole('button', { name: /Attachment 2/ }));
    await waitFor(() => expect(saved).toEqual(['site-report.pdf']));
    expect(fetchedFiles).toContainEqual({ path: report, token: 'session-token' });
    click.mockRestore();
    expect(screen.getByText('Which pack exactly?')).toBeInTheDocument();
    expect(screen.getByText('Opened')).toBeInTheDocument();
    // Only what the server allows: no close for the handler.
    expect(screen.queryByRole('button', { name: 'Close ticket' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Accept/ }));
    await waitFor(() => expect(posted).toEqual([{ call: 'transition', body: { id: 't-1', action: 'accept' } }]));
  });

  it('says the file download failed, and why, when an attachment cannot be fetched', async () => {
    thread = { entries: [entry({})], actions: [], canReply: true, canClose: false };
    server.use(http.get('/boot/sys/common/view/*', () => HttpResponse.json(failure(4000, 'The file is gone'), { status: 404 })));
    const user = userEvent.setup({ delay: null });
    renderDetail();
    await user.click(await screen.findByRole('button', { name: /Attachment 2/ }));
    expect(await screen.findByText(/File download failed/)).toHaveTextContent(/^File download failed: \S/);
  });

  it('closes the ticket after the spec’s confirmation, with the rating', async () => {
    current = { ...ticket, status: 'pending_review', status_dictText: 'Awaiting rating' };
    thread = { entries: [entry({})], actions: [], canReply: true, canClose: true };
    const user = userEvent.setup({ delay: null });
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Close ticket' }));
    expect(await screen.findByText('Please confirm whether to close the ticket?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close and rate' }));

    const dialog = await findDialog('Rate the handling');
    await user.click(within(dialog).getByRole('button', { name: 'Close ticket' }));
    expect(await within(dialog).findAllByText('Please give a rating')).toHaveLength(2);
    expect(posted).toEqual([]);

    await user.click(within(dialog).getByLabelText('No'));
    const stars = (label: string) => within(within(dialog).getByLabelText(label)).getAllByRole('radio');
    await user.click(stars('Handling speed')[3]!);
    await user.click(stars('Service attitude')[4]!);
    await user.type(within(dialog).getByRole('textbox'), 'Took a while');
    await user.click(within(dialog).getByRole('button', { name: 'Close ticket' }));
    await waitFor(() => expect(posted).toEqual([{ call: 'close', body: { id: 't-1', resolved: false, speedRating: 4, attitudeRating: 5, content: 'Took a while' } }]));
  });

  it('shows a closed ticket’s rating, with nothing left to do', async () => {
    current = { ...ticket, status: 'completed', status_dictText: 'Completed', resolved: true, speedRating: 5, attitudeRating: 4, closeTime: '2026-11-25T09:00:00.000Z' };
    thread = { entries: [entry({}), entry({ id: 'e-2', action: 'close', status: 'completed', content: 'Thanks' })], actions: [], canReply: false, canClose: false };
    renderDetail();
    expect(await screen.findByText('Thanks')).toBeInTheDocument();
    expect(screen.getByText('Yes')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Send reply/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close ticket' })).not.toBeInTheDocument();
  });

  it('sends a reply and empties the form', async () => {
    const user = userEvent.setup({ delay: null });
    renderDetail();
    const box = await screen.findByPlaceholderText('Write a reply');
    await user.click(screen.getByRole('button', { name: /Send reply/ }));
    expect(await screen.findByText('Please write a reply')).toBeInTheDocument();
    await user.type(box, 'It is the second pack.');
    await user.click(screen.getByRole('button', { name: /Send reply/ }));
    await waitFor(() => expect(posted).toEqual([{ call: 'reply', body: { ticketId: 't-1', content: 'It is the second pack.', attachments: [] } }]));
    await waitFor(() => expect(screen.getByPlaceholderText('Write a reply')).toHaveValue(''));
  });

  it('reads the thread again when the other side changes the ticket', async () => {
    renderDetail();
    await screen.findByText('WO20261124000001 · Pack shows a cell fault');
    const before = threadCalls;
    publishLiveEvent({ event: 'ticket.changed', data: { id: 't-1', orderNo: 'WO20261124000001', status: 'pending', change: 'replied' }, at: Date.now() });
    await waitFor(() => expect(threadCalls).toBeGreaterThan(before));
  });

  it('says when the ticket is not there or not the user’s, with the way back', async () => {
    server.use(http.get('/boot/want/ticket/queryById', () => HttpResponse.json(failure(4000, 'ticket not found'), { status: 404 })));
    renderDetail();
    expect(await screen.findByText('Ticket not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the tickets' })).toHaveAttribute('href', '/worklist/index');
  });
});
