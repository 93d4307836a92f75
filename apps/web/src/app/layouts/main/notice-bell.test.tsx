import { type AnnouncementRecord, type ListByUser, type UserAnnouncement, announcementResource, noticePollMs, userAnnouncementPath } from '@cellsight/contract';
import { buildRecord } from '@cellsight/contract/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announcementKeys } from '@/components/announcement-detail';
import { envelope, failure, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { NoticeBell } from './notice-bell';

const item = (id: string, titile: string, extra: Partial<UserAnnouncement> = {}): UserAnnouncement => ({
  id,
  anntId: id,
  titile,
  msgContent: `<p>${titile} body</p>`,
  msgAbstract: `${titile} body`,
  sender: 'admin',
  priority: 'L',
  msgCategory: '1',
  sendTime: '2026-05-01T08:00:00.000Z',
  createTime: '2026-05-01T07:00:00.000Z',
  openType: null,
  openPage: null,
  busType: null,
  busId: null,
  readFlag: '0',
  msgId: id,
  msgTxt: titile,
  ...extra,
});

let unread: ListByUser;
let reads = 0;
let marked: string[] = [];
let broken = false;
const records = new Map<string, AnnouncementRecord>();

const server = mockServer(
  http.get('/boot/sys/annountCement/listByUser', () => {
    reads++;
    return broken ? HttpResponse.json(failure(500, 'down'), { status: 500 }) : HttpResponse.json(envelope(unread));
  }),
  http.put('/boot/sys/sysAnnouncementSend/editByAnntIdAndUserId', async ({ request }) => {
    const { anntId } = (await request.json()) as { anntId: string };
    marked.push(anntId);
    unread = { ...unread, anntMsgList: unread.anntMsgList.filter((a) => a.id !== anntId), anntMsgTotal: unread.anntMsgTotal - 1 };
    return HttpResponse.json(envelope(null));
  }),
  http.get('/boot/sys/annountCement/queryById', ({ request }) => HttpResponse.json(envelope(records.get(new URL(request.url).searchParams.get('id') ?? '')))),
);

const recordOf = (announcement: UserAnnouncement): AnnouncementRecord =>
  buildRecord(announcementResource.record, { id: announcement.id, titile: announcement.titile, msgContent: announcement.msgContent, sender: announcement.sender, sendTime: announcement.sendTime, openType: announcement.openType, openPage: announcement.openPage, msgCategory: announcement.msgCategory });

const setUnread = (notices: UserAnnouncement[], system: UserAnnouncement[]) => {
  unread = { anntMsgList: notices, anntMsgTotal: notices.length, sysMsgList: system, sysMsgTotal: system.length };
  for (const announcement of [...notices, ...system]) records.set(announcement.id, recordOf(announcement));
};

const renderBell = () =>
  renderWithProviders(
    <Routes>
      <Route path="*" element={<NoticeBell />} />
      <Route path={userAnnouncementPath} element={<p>my announcements page</p>} />
      <Route path="/site/events" element={<p>events page</p>} />
    </Routes>,
  );

afterEach(() => {
  vi.useRealTimers();
  reads = 0;
  marked = [];
  broken = false;
  records.clear();
});

describe('the header bell', () => {
  it('counts unread notices and system messages in two tabs', async () => {
    setUnread([item('n1', 'Maintenance tonight'), item('n2', 'New tariff', { priority: 'H' })], [item('s1', 'Fault on Home', { msgCategory: '2', sender: null })]);
    const user = userEvent.setup({ delay: null });
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications (3 unread)' });
    await user.click(bell);
    expect(await screen.findByRole('tab', { name: 'Notices (2)' })).toBeInTheDocument();
    expect(screen.getByText('Maintenance tonight')).toBeInTheDocument();
    expect(screen.getByText('High')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'System messages (1)' }));
    expect(await screen.findByText('Fault on Home')).toBeInTheDocument();
    expect(screen.getByText(/^System ·/)).toBeInTheDocument();
  });

  it('opening one marks it read, refreshes the counts and shows it; no go handle for a component announcement', async () => {
    setUnread([item('n1', 'Maintenance tonight', { openType: 'component', openPage: 'some/Component' })], []);
    const user = userEvent.setup({ delay: null });
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications (1 unread)' }));
    await user.click(await screen.findByText('Maintenance tonight'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Maintenance tonight body')).toBeInTheDocument();
    expect(within(dialog).getByText('admin')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Go handle' })).toBeNull();
    expect(marked).toEqual(['n1']);
    expect(await screen.findByRole('button', { name: 'Notifications (0 unread)' })).toBeInTheDocument();
  });

  it('offers go handle for a url announcement, which opens its page', async () => {
    setUnread([], [item('s1', 'Fault on Home', { msgCategory: '2', sender: null, openType: 'url', openPage: '/site/events' })]);
    const user = userEvent.setup({ delay: null });
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications (1 unread)' }));
    await user.click(await screen.findByRole('tab', { name: 'System messages (1)' }));
    await user.click(await screen.findByText('Fault on Home'));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Go handle' }));
    expect(await screen.findByText('events page')).toBeInTheDocument();
  });

  it('leads to the user’s announcements', async () => {
    setUnread([], []);
    const user = userEvent.setup({ delay: null });
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications (0 unread)' }));
    expect(screen.getAllByText('Nothing unread').length).toBeGreaterThan(0);
    await user.click(await screen.findByRole('button', { name: 'View more' }));
    expect(await screen.findByText('my announcements page')).toBeInTheDocument();
  });

  it('reads again every poll while reads succeed, and stops polling after a failed read', async () => {
    // The poll's interval on a fake clock (the library's other timers, and vi.waitFor's, stay real):
    // moving it past a poll reads again, or shows that nothing does.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    setUnread([], []);
    const { queryClient } = renderBell();
    /** Waits for the `count`th read to be answered and taken in (the next poll is timed from then). */
    const answered = (count: number) =>
      vi.waitFor(
        () => {
          expect(reads).toBe(count);
          expect(queryClient.getQueryState(announcementKeys.bell())?.fetchStatus).toBe('idle');
        },
        { timeout: 15_000 },
      );
    await answered(1);
    await vi.advanceTimersByTimeAsync(noticePollMs);
    await answered(2);
    broken = true;
    await vi.advanceTimersByTimeAsync(noticePollMs);
    await answered(3);
    expect(queryClient.getQueryState(announcementKeys.bell())?.status).toBe('error');
    await vi.advanceTimersByTimeAsync(noticePollMs * 3);
    expect(reads).toBe(3);
    void server;
  });
});
