import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router';
import { session } from '@/lib/session';
import { fail, loginResult, ok, publicConfig } from '@/testing/fixtures';
import { renderAtPath } from '@/testing/render-app';
import LoginPage from './login-page';
import { FeedbackApp } from '@/components/feedback-app';

const server = setupServer(http.get('/boot/sys/public/config', () => HttpResponse.json(ok(publicConfig))));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const renderLogin = (path = '/user/login') => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const routes = (
    <Routes>
      <Route path="/user/login" element={<LoginPage />} />
      <Route path="*" element={<p>console</p>} />
    </Routes>
  );
  return renderAtPath(path, routes, (routed) => (
    <QueryClientProvider client={queryClient}>
      <FeedbackApp>{routed}</FeedbackApp>
    </QueryClientProvider>
  )).router;
};

const signIn = async (username: string, password: string) => {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText('User name'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
};

describe('LoginPage', () => {
  it('shows the translated server message when the credentials are wrong', async () => {
    let body: unknown;
    server.use(
      http.post('/boot/sys/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(fail(4007, 'wrong user name or password'), { status: 400 });
      }),
    );
    renderLogin();
    await signIn('admin', 'nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong user name or password');
    expect(body).toEqual({ username: 'admin', password: 'nope' });
    expect(session.token).toBeNull();
  });

  it('asks for the user name before calling the server', async () => {
    renderLogin();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter your user name')).toBeInTheDocument();
  });

  it('stores the session and opens the redirect target', async () => {
    server.use(http.post('/boot/sys/login', () => HttpResponse.json(ok(loginResult({ token: 'fresh' })))));
    const router = renderLogin('/user/login?redirect=%2Fsystem%2Fuser%3FpageNo%3D2');
    await signIn('admin', 'secret1');
    await waitFor(() => expect(router.location().pathname).toBe('/system/user'));
    expect(router.location().search).toBe('?pageNo=2');
    expect(session.token).toBe('fresh');
    expect(session.userInfo?.realname).toBe('Ada Admin');
  });

  it('asks a user with several departments where they work before entering the console', async () => {
    let chosen: unknown;
    const departs = [
      { id: 'd1', departName: 'North', orgCode: 'A01', parentId: null },
      { id: 'd2', departName: 'South', orgCode: 'A02', parentId: null },
    ];
    server.use(
      http.post('/boot/sys/login', () => HttpResponse.json(ok(loginResult({ token: 'multi', multi_depart: 2, departs })))),
      http.post('/boot/sys/selectDepart', async ({ request }) => {
        chosen = await request.json();
        return HttpResponse.json(ok({ userInfo: loginResult().userInfo }));
      }),
    );
    const router = renderLogin();
    await signIn('admin', 'secret1');
    const dialog = await screen.findByRole('dialog', { name: 'Choose where you work' });
    const user = userEvent.setup({ delay: null });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Please choose a department')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Department' }));
    await user.click(await screen.findByTitle('South'));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.location().pathname).toBe('/'));
    expect(chosen).toEqual({ orgCode: 'A02', username: loginResult().userInfo.username });
  });

  it('signs in with a code texted to the mobile, and links to find password and register', async () => {
    const calls: { url: string; body: unknown }[] = [];
    server.use(
      http.post('/boot/sys/sms', async ({ request }) => {
        calls.push({ url: 'sms', body: await request.json() });
        return HttpResponse.json(ok({ resendAfterMs: 60_000 }));
      }),
      http.post('/boot/sys/phoneLogin', async ({ request }) => {
        calls.push({ url: 'phoneLogin', body: await request.json() });
        return HttpResponse.json(ok(loginResult({ token: 'by-code' })));
      }),
    );
    const router = renderLogin();
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/user/register');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/want/findPwd');
    await user.click(screen.getByRole('tab', { name: 'Mobile and code' }));
    // No code is asked for before the number is a mobile number.
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please enter your mobile number')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Mobile number'), '13800000000');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: /Again in \d+ s/ })).toBeDisabled();
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getAllByRole('button', { name: 'Sign in' }).at(-1)!);
    await waitFor(() => expect(router.location().pathname).toBe('/'));
    expect(calls).toEqual([
      { url: 'sms', body: { mobile: '13800000000', smsmode: '0' } },
      { url: 'phoneLogin', body: { mobile: '13800000000', captcha: '123456' } },
    ]);
    expect(session.token).toBe('by-code');
  });

  it('offers the configured outside sign-in and trades the ticket the provider sent back for a session', async () => {
    const ticket = `${'a'.repeat(32)}.${'b'.repeat(43)}`;
    let traded: string | undefined;
    server.use(
      http.get('/boot/sys/public/config', () => HttpResponse.json(ok({ ...publicConfig, thirdLogin: { oauthName: 'Acme ID', casUrl: 'https://cas.example.com/cas' } }))),
      http.get('/boot/sys/thirdLogin/getLoginUser/:token/:type', ({ params }) => {
        traded = String(params.token);
        return HttpResponse.json(ok(loginResult({ token: 'from-provider' })));
      }),
    );
    renderLogin();
    expect(await screen.findByRole('link', { name: /Sign in with Acme ID/ })).toHaveAttribute('href', '/boot/sys/thirdLogin/render/oauth');
    expect(screen.getByRole('link', { name: /Sign in with CAS/ }).getAttribute('href')).toBe(`https://cas.example.com/cas/login?service=${encodeURIComponent(`${window.location.origin}/user/login?cas=1`)}`);
    expect(traded).toBeUndefined();
    cleanup();
    // Back from the provider with its ticket: traded at once for a session (the page may not even paint its buttons).
    const router = renderLogin(`/user/login?thirdToken=${ticket}&thirdType=oauth`);
    await waitFor(() => expect(router.location().pathname).toBe('/'));
    expect(traded).toBe(ticket);
    expect(session.token).toBe('from-provider');
  });

  it('says why an outside sign-in failed', async () => {
    renderLogin('/user/login?thirdError=closed');
    expect(await screen.findByText(/registration is closed/)).toBeInTheDocument();
  });

  it('greets with the platform name from the public config', async () => {
    renderLogin();
    expect(await screen.findByText('Welcome to Cellsight Test')).toBeInTheDocument();
  });
});
