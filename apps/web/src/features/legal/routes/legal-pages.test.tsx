import { type LegalText, languages, legalDefaultText, legalKinds } from '@cellsight/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { envelope, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { publicConfig } from '@/testing/fixtures';
import LegalPage from './legal-page';
import LegalTextPage from './legal-text-page';

/** The platform's text as the server answers it: one paragraph a line. */
const asHtml = (text: string) =>
  text
    .split('\n\n')
    .map((paragraph) => `<p>${paragraph}</p>`)
    .join('');
let stored: LegalText[] = [];
let edits: Record<string, unknown>[] = [];
const reset = () => {
  stored = legalKinds.flatMap((kind) => languages.map((language) => ({ kind, language, content: asHtml(legalDefaultText(kind, language)), updateBy: null, updateTime: null })));
  edits = [];
};
reset();

mockServer(
  http.get('/boot/sys/public/config', () => HttpResponse.json(envelope(publicConfig))),
  http.get('/boot/sys/public/legal', ({ request }) => {
    const params = new URL(request.url).searchParams;
    return HttpResponse.json(envelope(stored.find((text) => text.kind === params.get('kind') && text.language === params.get('language'))));
  }),
  http.get('/boot/sys/legal/list', () => HttpResponse.json(envelope(stored))),
  http.put('/boot/sys/legal/edit', async ({ request }) => {
    const body = (await request.json()) as LegalText;
    edits.push(body);
    stored = stored.map((text) => (text.kind === body.kind && text.language === body.language ? { ...text, content: body.content, updateBy: 'admin', updateTime: '2026-11-24T10:00:00Z' } : text));
    return HttpResponse.json(envelope(null, 1002, 'Edited'));
  }),
);
afterEach(reset);

describe('the public privacy and terms pages', () => {
  it('show the text in the console’s language, paragraph by paragraph', async () => {
    renderWithProviders(<LegalPage kind="privacy" />);
    expect(await screen.findByRole('heading', { name: 'Privacy policy' })).toBeInTheDocument();
    await screen.findByRole('article');
    const paragraphs = legalDefaultText('privacy', 'en-US').split('\n\n');
    for (const paragraph of paragraphs) expect(screen.getByText(paragraph)).toBeInTheDocument();
    // The platform's own text has no change date.
    expect(screen.queryByText(/Last changed/)).toBeNull();
  });

  it('show an administrator’s rich text, with the date of its change', async () => {
    stored = stored.map((text) =>
      text.kind === 'condition' && text.language === 'en-US' ? { ...text, content: '<h3>Rules</h3><ul><li>Rule one.</li><li><strong>Rule two.</strong></li></ul>', updateBy: 'admin', updateTime: '2026-11-24T10:00:00Z' } : text,
    );
    renderWithProviders(<LegalPage kind="condition" />);
    expect(await screen.findByRole('heading', { name: 'Rules' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Rule one.', 'Rule two.']);
    expect(screen.getByText('Rule two.').tagName).toBe('STRONG');
    expect(screen.getByText(/Last changed/)).toBeInTheDocument();
  });
});

describe('the administrators’ editor', () => {
  it('edits one kind in one language and says who changed it', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LegalTextPage />);
    expect(await screen.findByText(/The platform’s own text/)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Terms of use' }));
    await user.click(screen.getByText('Deutsch'));
    const editor = screen.getByRole('textbox', { name: 'Rich text editor' });
    await waitFor(() => expect(editor).toHaveTextContent(legalDefaultText('condition', 'de-DE').split('\n\n')[0]!));
    // ProseMirror reads typed text from DOM mutations, which jsdom does not give it reliably; a paste it reads whole.
    const paste = (html: string) => fireEvent.paste(editor, { clipboardData: { types: ['text/html', 'text/plain'], getData: (type: string) => (type === 'text/html' ? html : html.replace(/<[^>]+>/g, '')) } });
    await user.click(editor);
    await user.keyboard('{Control>}a{/Control}{Delete}');
    await waitFor(() => expect(editor).toHaveTextContent(''));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(edits).toEqual([]);

    paste('<p>Neue Bedingungen. <strong>Wichtig</strong></p>');
    await waitFor(() => expect(editor.innerHTML).toContain('<strong>Wichtig</strong>'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(edits).toEqual([{ kind: 'condition', language: 'de-DE', content: '<p>Neue Bedingungen. <strong>Wichtig</strong></p>' }]));
    expect(await screen.findByText(/Last changed by admin/)).toBeInTheDocument();
    expect(within(screen.getByRole('tablist')).getByRole('tab', { name: 'Terms of use' })).toHaveAttribute('aria-selected', 'true');
  });
});
