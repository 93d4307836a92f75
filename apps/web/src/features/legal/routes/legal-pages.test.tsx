import { type LegalText, languages, legalDefaultText, legalKinds } from '@cellsight/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { envelope, mockServer, renderWithProviders } from '@/testing/feature-test-utils';
import { publicConfig } from '@/testing/fixtures';
import LegalPage from './legal-page';
import LegalTextPage from './legal-text-page';

let stored: LegalText[] = [];
let edits: Record<string, unknown>[] = [];
const reset = () => {
  stored = legalKinds.flatMap((kind) => languages.map((language) => ({ kind, language, content: legalDefaultText(kind, language), updateBy: null, updateTime: null })));
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

  it('show an administrator’s text as plain text, with the date of its change', async () => {
    stored = stored.map((text) => (text.kind === 'condition' && text.language === 'en-US' ? { ...text, content: 'Rule one.\n\n<b>Rule two.</b>', updateBy: 'admin', updateTime: '2026-11-24T10:00:00Z' } : text));
    renderWithProviders(<LegalPage kind="condition" />);
    expect(await screen.findByText('Rule one.')).toBeInTheDocument();
    // Markup is shown as written, never interpreted.
    expect(screen.getByText('<b>Rule two.</b>')).toBeInTheDocument();
    expect(screen.getByText(/Last changed/)).toBeInTheDocument();
  });
});

describe('the administrators’ editor', () => {
  it('edits one kind in one language and says who changed it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LegalTextPage />);
    expect(await screen.findByText(/The platform’s own text/)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Terms of use' }));
    await user.click(screen.getByText('Deutsch'));
    const textarea = screen.getByRole('textbox', { name: 'Text' });
    await waitFor(() => expect(textarea).toHaveValue(legalDefaultText('condition', 'de-DE')));
    await user.clear(textarea);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(edits).toEqual([]);

    await user.type(textarea, 'Neue Bedingungen.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(edits).toEqual([{ kind: 'condition', language: 'de-DE', content: 'Neue Bedingungen.' }]));
    expect(await screen.findByText(/Last changed by admin/)).toBeInTheDocument();
    expect(within(screen.getByRole('tablist')).getByRole('tab', { name: 'Terms of use' })).toHaveAttribute('aria-selected', 'true');
  });
});
