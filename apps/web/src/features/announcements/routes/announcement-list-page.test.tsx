import { Permission, announcementResource } from '@cellsight/contract';
import { buildRecords } from '@cellsight/contract/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { envelope, findDialog, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import AnnouncementListPage from './announcement-list-page';

const records = buildRecords(announcementResource.record, [
  { id: 'draft1', titile: 'Draft notice', sendStatus: '0', msgType: 'ALL', priority: 'L', msgContent: '<p>draft</p>' },
  { id: 'pub1', titile: 'Published notice', sendStatus: '1', msgType: 'ALL', priority: 'H', msgContent: '<p>out</p>' },
]);

let added: Record<string, unknown>[] = [];
let released: string[] = [];

mockServer(
  http.get('/boot/sys/annountCement/list', () => HttpResponse.json(envelope({ records, total: records.length, size: 10, current: 1, pages: 1 }))),
  http.post('/boot/sys/annountCement/add', async ({ request }) => {
    added.push((await request.json()) as Record<string, unknown>);
    return HttpResponse.json(envelope('new-id', 1001, 'Added'));
  }),
  http.get('/boot/sys/annountCement/doReleaseData', ({ request }) => {
    released.push(`publish:${new URL(request.url).searchParams.get('id')}`);
    return HttpResponse.json(envelope(null, 1000, 'The announcement was published'));
  }),
  http.get('/boot/sys/annountCement/doReovkeData', ({ request }) => {
    released.push(`revoke:${new URL(request.url).searchParams.get('id')}`);
    return HttpResponse.json(envelope(null, 1000, 'The announcement was revoked'));
  }),
  http.get('/boot/sys/user/list', () => HttpResponse.json(envelope({ records: [], total: 0, size: 10, current: 1, pages: 0 }))),
  http.get('/boot/sys/dict/queryAllDictItems', () => HttpResponse.json(envelope({}))),
);

beforeEach(() => {
  const codes = [Permission.AnnouncementList, Permission.AnnouncementAdd, Permission.AnnouncementEdit, Permission.AnnouncementDelete, Permission.AnnouncementRelease];
  setPermissions({ auth: codes.map((action) => ({ action, describe: '', type: '1', status: '1' })), allAuth: [] });
});
afterEach(() => {
  added = [];
  released = [];
  clearPermissions();
});

const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr') as HTMLElement;

describe('System → Announcements', () => {
  it('edits and publishes drafts only, revokes published ones', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<AnnouncementListPage />);
    const draft = await rowOf('Draft notice');
    const published = await rowOf('Published notice');
    expect(within(draft).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(published).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(published).queryByRole('button', { name: 'Publish' })).toBeNull();
    await user.click(within(draft).getByRole('button', { name: 'Publish' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(released).toEqual(['publish:draft1']));
    await user.click(within(published).getByRole('button', { name: 'Revoke' }));
    await user.click((await screen.findAllByRole('button', { name: 'OK' })).at(-1)!);
    await waitFor(() => expect(released).toEqual(['publish:draft1', 'revoke:pub1']));
  });

  it('writes the message in the rich text editor and sends its HTML', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<AnnouncementListPage />);
    await user.click(await screen.findByRole('button', { name: /Add announcement/ }));
    const dialog = await findDialog('Add announcement');
    await user.type(within(dialog).getByLabelText('Title'), 'Maintenance tonight');
    const editor = await within(dialog).findByRole('textbox', { name: 'Rich text editor' });
    // ProseMirror reads typed text from DOM mutations, which jsdom does not give it reliably; a paste it reads whole.
    const html = '<h3>Tonight</h3><p><strong>Back</strong> at six</p><ul><li>one</li></ul>';
    fireEvent.paste(editor, { clipboardData: { types: ['text/html', 'text/plain'], getData: (type: string) => (type === 'text/html' ? html : 'Tonight Back at six one') } });
    await waitFor(() => expect(editor.innerHTML).toContain('<strong>Back</strong> at six'));
    expect(within(dialog).getByRole('button', { name: 'Bold' })).toBeInTheDocument();
    // When it shows: both times optional, none sent when left empty.
    expect(await within(dialog).findByLabelText('Shows from')).toBeInTheDocument();
    expect(await within(dialog).findByLabelText('Shows until')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]).toMatchObject({ titile: 'Maintenance tonight', priority: 'L', msgType: 'ALL' });
    expect(added[0]?.startTime ?? null).toBeNull();
    expect(added[0]?.msgContent).toBe('<h3>Tonight</h3><p><strong>Back</strong> at six</p><ul><li><p>one</p></li></ul>');
  });
});
