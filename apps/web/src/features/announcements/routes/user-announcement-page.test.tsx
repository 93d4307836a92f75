import { type UserAnnouncement, announcementResource } from '@cellsight/contract';
import { buildRecord } from '@cellsight/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { envelope, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import UserAnnouncementPage from './user-announcement-page';

const item = (id: string, titile: string, readFlag: '0' | '1', extra: Partial<UserAnnouncement> = {}): UserAnnouncement => ({
  id,
  anntId: id,
  titile,
  msgContent: `<p>${titile} body</p>`,
  msgAbstract: null,
  sender: 'admin',
  priority: 'M',
  msgCategory: '1',
  sendTime: '2026-05-01T08:00:00.000Z',
  createTime: '2026-05-01T07:00:00.000Z',
  openType: null,
  openPage: null,
  busType: null,
  busId: null,
  readFlag,
  msgId: id,
  msgTxt: titile,
  ...extra,
});

let mine: UserAnnouncement[] = [];
let queries: Record<string, string>[] = [];
let marked: string[] = [];
let readAll = 0;

mockServer(
  http.get('/boot/sys/sysAnnouncementSend/getMyAnnouncementSend', ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    queries.push(query);
    const records = mine.filter((a) => !query.readFlag || a.readFlag === query.readFlag);
    return HttpResponse.json(envelope({ records, total: records.length, size: 10, current: 1, pages: 1 }));
  }),
  http.put('/boot/sys/sysAnnouncementSend/editByAnntIdAndUserId', async ({ request }) => {
    const { anntId } = (await request.json()) as { anntId: string };
    marked.push(anntId);
    mine = mine.map((a) => (a.id === anntId ? { ...a, readFlag: '1' } : a));
    return HttpResponse.json(envelope(null));
  }),
  http.put('/boot/sys/sysAnnouncementSend/readAll', () => {
    readAll++;
    const count = mine.filter((a) => a.readFlag === '0').length;
    mine = mine.map((a) => ({ ...a, readFlag: '1' }));
    return HttpResponse.json(envelope(count));
  }),
  http.get('/boot/sys/annountCement/queryById', ({ request }) => {
    const found = mine.find((a) => a.id === new URL(request.url).searchParams.get('id'));
    return HttpResponse.json(envelope(buildRecord(announcementResource.record, { id: found?.id, titile: found?.titile, msgContent: found?.msgContent, sender: found?.sender ?? null, openType: null, openPage: null })));
  }),
);

afterEach(() => {
  queries = [];
  marked = [];
  readAll = 0;
});

describe('/isps/userAnnouncement', () => {
  it('lists the user’s announcements with their read state and filters by it', async () => {
    mine = [item('a1', 'Maintenance tonight', '0'), item('a2', 'Old news', '1'), item('s1', 'Command failed', '0', { msgCategory: '2', sender: null })];
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<UserAnnouncementPage />);
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Maintenance tonight')).toBeInTheDocument();
    expect(within(table).getByText('Old news')).toBeInTheDocument();
    expect(within(table).getByText('System message')).toBeInTheDocument();
    expect(within(table).getAllByText('Unread')).toHaveLength(2);
    await user.click(screen.getByText('Unread', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ readFlag: '0' }));
    await waitFor(() => expect(within(table).queryByText('Old news')).toBeNull());
  });

  it('opening an unread one marks it read and shows it; everything can be marked read', async () => {
    mine = [item('a1', 'Maintenance tonight', '0'), item('a2', 'Tariff change', '0')];
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<UserAnnouncementPage />);
    await user.click(await screen.findByText('Maintenance tonight'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Maintenance tonight body')).toBeInTheDocument();
    expect(marked).toEqual(['a1']);
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText('1 marked read')).toBeInTheDocument();
    expect(readAll).toBe(1);
    await waitFor(() => expect(within(screen.getByRole('table')).queryAllByText('Unread')).toHaveLength(0));
  });
});
