import { Permission, storedFileResource } from '@cellsight/contract';
import { buildRecords } from '@cellsight/contract/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { session } from '@/lib/session';
import { envelope, failure, findDialog, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { loginResult } from '@/testing/fixtures';
import { describeListPage } from '@/testing/list-page-conformance';
import FileListPage from './file-list-page';

const records = buildRecords(storedFileResource.record, [
  { path: 'avatar/20261125/0123456789abcdef0123456789abcdef.png', name: 'portrait.png', biz: 'avatar', mime: 'image/png', size: 2048, storage: 'local', uploader: 'installer', usedIn: ['avatar'] },
  { path: 'temp/20261125/fedcba9876543210fedcba9876543210.pdf', name: 'manual.pdf', biz: 'temp', mime: 'application/pdf', size: 5 * 1024 * 1024, storage: 's3', uploader: 'admin', usedIn: [] },
  { path: 'ticket/20261125/00112233445566778899aabbccddeeff.png', name: 'site.png', biz: 'ticket', mime: 'image/png', size: 4096, storage: 'local', uploader: 'enduser', usedIn: ['ticket'] },
]);

describeListPage('stored files', {
  page: FileListPage,
  resource: storedFileResource,
  records,
  cellField: 'name',
  columns: ['name', 'biz', 'mime', 'size', 'storage', 'uploader', 'usedIn', 'createTime'],
});

describe('stored files: usage, preview and delete', () => {
  const deleted: string[] = [];
  /** Files fetched, with the session header each request carried. */
  const fetched: { path: string; token: string | null }[] = [];
  mockServer(
    http.get('/boot/sys/file/list', () => HttpResponse.json(envelope({ records, total: records.length, size: 10, current: 1, pages: 1 }))),
    http.get('/boot/sys/common/view/*', ({ request }) => {
      const path = new URL(request.url).pathname.replace('/boot/sys/common/view/', '');
      fetched.push({ path, token: request.headers.get('x-access-token') });
      const name = records.find((record) => record.path === path)?.name ?? 'file';
      return new HttpResponse('content', { headers: { 'content-type': 'application/octet-stream', 'content-disposition': `attachment; filename="${name}"; filename*=UTF-8''${name}` } });
    }),
    http.delete('/boot/sys/file/delete', ({ request }) => {
      deleted.push(new URL(request.url).searchParams.get('id') ?? '');
      return HttpResponse.json(failure(400, 'file: it came into use meanwhile'), { status: 400 });
    }),
  );
  const grant = () => setPermissions({ auth: [Permission.FileList, Permission.FileDelete].map((action) => ({ action, describe: '', type: '1', status: '1' })), allAuth: [] });

  it('shows where each file is used and offers Delete only for unused files', async () => {
    grant();
    renderWithProviders(<FileListPage />);
    const used = (await screen.findByText('portrait.png')).closest('tr') as HTMLElement;
    const unused = screen.getByText('manual.pdf').closest('tr') as HTMLElement;
    expect(within(used).getByText('User avatar')).toBeInTheDocument();
    expect(within(unused).getByText('Unused')).toBeInTheDocument();
    expect(within(unused).getByText('5.0 MB')).toBeInTheDocument();
    expect(within(unused).getByText('S3 bucket')).toBeInTheDocument();
    expect(within(used).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(unused).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    clearPermissions();
  });

  it('previews an image inline, with its facts', async () => {
    grant();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<FileListPage />);
    const row = (await screen.findByText('portrait.png')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Preview' }));
    const dialog = await findDialog('portrait.png');
    // An avatar is public: its own address.
    expect(within(dialog).getByRole('img', { name: 'portrait.png' })).toHaveAttribute('src', '/boot/sys/common/view/avatar/20261125/0123456789abcdef0123456789abcdef.png');
    expect(within(dialog).getByText('User avatar')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    clearPermissions();
  });

  it('shows a ticket attachment fetched with the session, never by its bare address', async () => {
    grant();
    session.start(loginResult({ token: 'files-token' }));
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:site'), revokeObjectURL: vi.fn() });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<FileListPage />);
    const row = (await screen.findByText('site.png')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Preview' }));
    const dialog = await findDialog('site.png');
    expect(await within(dialog).findByRole('img', { name: 'site.png' })).toHaveAttribute('src', 'blob:site');
    expect(fetched).toContainEqual({ path: 'ticket/20261125/00112233445566778899aabbccddeeff.png', token: 'files-token' });
    session.clear();
    clearPermissions();
  });

  it('offers a PDF only as a download, never opened in the console', async () => {
    grant();
    session.start(loginResult({ token: 'files-token' }));
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:manual'), revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<FileListPage />);
    const row = (await screen.findByText('manual.pdf')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Preview' }));
    const dialog = await findDialog('manual.pdf');
    expect(within(dialog).queryByRole('img', { name: 'manual.pdf' })).toBeNull();
    expect(within(dialog).queryByRole('link')).toBeNull();
    expect(within(dialog).getByText(/PDF files are downloaded/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await vi.waitFor(() => expect(saved).toEqual(['manual.pdf']));
    expect(fetched).toContainEqual({ path: 'temp/20261125/fedcba9876543210fedcba9876543210.pdf', token: 'files-token' });
    click.mockRestore();
    session.clear();
    clearPermissions();
  });

  it("shows the server's refusal when a file came into use before the delete", async () => {
    grant();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<FileListPage />);
    const row = (await screen.findByText('manual.pdf')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByText(/came into use meanwhile/)).toBeInTheDocument();
    expect(deleted).toEqual([records[1]?.id]);
    clearPermissions();
  });
});
