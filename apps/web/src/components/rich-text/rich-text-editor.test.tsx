import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { envelope, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { RichTextEditor } from './rich-text-editor';

let uploads: { biz: string; name: string }[] = [];
mockServer(
  http.post('/boot/sys/common/upload', async ({ request }) => {
    const form = await request.formData();
    const file = form.get('file') as File;
    uploads.push({ biz: String(form.get('biz')), name: file.name });
    return HttpResponse.json(envelope(null, 200, 'jeditor/20261125/0123456789abcdef0123456789abcdef.png'));
  }),
);
afterEach(() => {
  uploads = [];
});

function Harness() {
  const [html, setHtml] = useState('<p>Hello</p>');
  return (
    <>
      <RichTextEditor value={html} onChange={setHtml} />
      <output data-testid="html">{html}</output>
    </>
  );
}

describe('RichTextEditor', () => {
  it('uploads a chosen image as rich-text content and inserts it from the platform’s own files', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />);
    const editor = await screen.findByRole('textbox', { name: 'Rich text editor' });
    expect(editor).toHaveStyle({ height: '300px', minHeight: '200px' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.accept).toBe('image/jpeg,image/png');
    await user.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'diagram.png', { type: 'image/png' }));
    await waitFor(() => expect(uploads.map((upload) => upload.biz)).toEqual(['jeditor']));
    await waitFor(() => expect(screen.getByTestId('html').textContent).toContain('<img src="/boot/sys/common/view/jeditor/20261125/0123456789abcdef0123456789abcdef.png">'));
  });

  it('refuses a file that is not a JPG or PNG before uploading it', async () => {
    const user = userEvent.setup({ applyAccept: false, delay: null });
    renderWithProviders(<Harness />);
    await screen.findByRole('textbox', { name: 'Rich text editor' });
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByText(/JPG or PNG/)).toBeInTheDocument();
    expect(uploads).toEqual([]);
  });
});
