import { Permission, firmwareResource } from '@cellsight/contract';
import { buildRecords } from '@cellsight/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { clearPermissions, setPermissions } from '@/lib/permissions';
import { envelope, failure, findDialog, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { describeListPage } from '@/testing/list-page-conformance';
import FirmwareListPage from './firmware-list-page';

const sha = (c: string) => c.repeat(64);

describeListPage('firmware', {
  page: FirmwareListPage,
  resource: firmwareResource,
  records: buildRecords(firmwareResource.record, [
    { version: '3.5.0', deviceType: 'battery', fileName: 'bms-3.5.0.bin', size: 524288, sha256: sha('a') },
    { version: '2.4.0', deviceType: 'logger', fileName: 'gw-2.4.0.bin', size: 2048, sha256: sha('b') },
  ]),
  cellField: 'version',
  columns: ['version', 'deviceType', 'fileName', 'size', 'createTime'],
});

/** SHA-256 of the text "firmware" (the test file's content). */
const contentSha = 'c3bf47ea1f4a4a605470313cacb3a44f4a461f68c6faeab07e737610cb5ac835';

describe('uploading firmware', () => {
  let uploads: Record<string, string>[] = [];
  let listReads = 0;
  mockServer(
    http.get('/boot/want/firmware/list', () => {
      listReads++;
      return HttpResponse.json(envelope({ records: [], total: 0, size: 10, current: 1, pages: 0 }));
    }),
    http.post('/boot/want/firmware/upload', async ({ request }) => {
      const form = await request.formData();
      const fields = Object.fromEntries([...form.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : `file:${(value as File).name}`]));
      uploads.push(fields);
      if (fields.version === '3.5.0') return HttpResponse.json(failure(4004, 'version: already exists for the battery', [{ field: 'version', message: 'already exists for the battery' }]), { status: 400 });
      return HttpResponse.json(envelope('fw-1', 1001, 'Uploaded'));
    }),
  );
  afterEach(() => {
    uploads = [];
    clearPermissions();
  });
  const grant = (...codes: string[]) => setPermissions({ auth: [Permission.FirmwareList, ...codes].map((action) => ({ action, describe: '', type: '1', status: '1' })), allAuth: [] });

  it('is offered only with the upload permission', async () => {
    grant();
    renderWithProviders(<FirmwareListPage />);
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Upload firmware/ })).toBeNull();
  });

  it('shows the chosen file’s checksum against the vendor’s, sends file and fields, and puts the server’s refusal on its field', async () => {
    grant(Permission.FirmwareAdd);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<FirmwareListPage />);
    await user.click(await screen.findByRole('button', { name: /Upload firmware/ }));
    const dialog = await findDialog('Upload firmware');
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['firmware'], 'bms-3.5.0.bin', { type: 'application/octet-stream' }));
    expect(await within(dialog).findByText(contentSha)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('SHA-256 checksum'), sha('c'));
    // The form checks the field asynchronously: the message comes a moment after the last key.
    expect(await within(dialog).findByText(/Does not match this file's SHA-256/)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('SHA-256 checksum'));
    await user.type(within(dialog).getByLabelText('SHA-256 checksum'), contentSha);
    expect(await within(dialog).findByText(/Matches this file's SHA-256/)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Version'), '3.5.0');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    // (The file's name does not survive jsdom's multipart encoding; the server test checks it.)
    await waitFor(() => expect(uploads).toEqual([{ version: '3.5.0', deviceType: 'battery', sha256: contentSha, file: expect.stringMatching(/^file:/) }]));
    expect(await within(dialog).findByText('already exists for the battery')).toBeInTheDocument();

    const readsBefore = listReads;
    await user.clear(within(dialog).getByLabelText('Version'));
    await user.type(within(dialog).getByLabelText('Version'), '3.5.1');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Firmware 3.5.1 is in the library')).toBeInTheDocument();
    await waitFor(() => expect(listReads).toBeGreaterThan(readsBefore));
  });
});
