import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '@/testing/fixtures';
import { useDictionaries } from './dictionaries';
import { changeLanguage } from './i18n';
import { session } from './session';

const texts: Record<string, string> = { 'de-DE': 'Weiblich', 'zh-CN': '女', 'en-US': 'Female' };
const server = setupServer(
  http.get('/boot/sys/dict/queryAllDictItems', ({ request }) => {
    const text = texts[request.headers.get('accept-language') ?? 'en-US'] ?? 'Female';
    return HttpResponse.json(ok({ sex: [{ value: '2', text, title: text }] }));
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

function Dictionaries() {
  useDictionaries();
  return null;
}

describe('useDictionaries', () => {
  it('stores the dictionaries in the console’s language', async () => {
    changeLanguage('de-DE', () => undefined);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Dictionaries />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(session.dictItems.sex?.[0]?.text).toBe('Weiblich'));
  });
});
