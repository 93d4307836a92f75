import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { http, HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { failure, mockServer, stubBrowserApis } from '@/testing/feature-test-utils';
import { ok, publicConfig } from '@/testing/fixtures';
import { renderAtPath } from '@/testing/render-app';
import AlterationPage from './alteration-page';
import FindPasswordPage from './find-password-page';
import RegisterPage from './register-page';
import RegisterResultPage from './register-result-page';
import { FeedbackApp } from '@/components/feedback-app';

const server = mockServer(http.get('/boot/sys/public/config', () => HttpResponse.json(ok(publicConfig))));

const renderAt = (path: string, element: ReactElement, routePath = path.split('?')[0] ?? path) => {
  stubBrowserApis();
  initI18n('en-US');
  const routes = (
    <Routes>
      <Route path={routePath} element={element} />
      <Route path="/user/register-result" element={<RegisterResultPage />} />
      <Route path="/user/login" element={<p>login page</p>} />
    </Routes>
  );
  return renderAtPath(path, routes, (routed) => (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <ConfigProvider theme={{ zeroRuntime: true, token: { motion: false } }}>
        <FeedbackApp>{routed}</FeedbackApp>
      </ConfigProvider>
    </QueryClientProvider>
  )).router;
};

/** The server's one answer to a code that does not let the caller in (wrong, expired, not this account's). */
const refusedCode = 'This code is wrong or no longer valid; check it or ask for a new one';

/** Passes the slider check the way a keyboard user does: the handle to the far end. */
const passSlider = async () => {
  const handle = screen.getByRole('slider');
  fireEvent.keyDown(handle, { key: 'End', keyCode: 35, which: 35 });
  fireEvent.keyUp(handle, { key: 'End', keyCode: 35, which: 35 });
  expect(await screen.findByText('Verified')).toBeInTheDocument();
};

describe('register', () => {
  it('sends the code only after the slider check, registers, and shows the result', async () => {
    const calls: { url: string; body: unknown }[] = [];
    server.use(
      http.post('/boot/sys/sms', async ({ request }) => {
        calls.push({ url: 'sms', body: await request.json() });
        return HttpResponse.json(ok({ resendAfterMs: 60_000 }));
      }),
      http.post('/boot/sys/user/register', async ({ request }) => {
        calls.push({ url: 'register', body: await request.json() });
        return HttpResponse.json(ok({ username: 'newowner' }, 1008));
      }),
    );
    const router = renderAt('/user/register?invite=INV-1', <RegisterPage />);
    const user = userEvent.setup({ delay: null });
    expect(screen.getByText(/invited by code INV-1/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('User name'), 'newowner');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret123');
    await user.click(screen.getByRole('radio', { name: 'E-mail' }));
    await user.type(screen.getByLabelText('E-mail address'), 'owner@example.com');
    expect(screen.getByRole('button', { name: 'Send code' })).toBeDisabled();
    await passSlider();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: /Again in \d+ s/ })).toBeDisabled();
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(router.location().pathname).toBe('/user/register-result'));
    expect(await screen.findByText('Sign in as newowner to add your first station.')).toBeInTheDocument();
    expect(calls).toEqual([
      { url: 'sms', body: { email: 'owner@example.com', smsmode: '1' } },
      { url: 'register', body: { username: 'newowner', password: 'Secret123', confirmPassword: 'Secret123', smscode: '123456', invite: 'INV-1', email: 'owner@example.com' } },
    ]);
  });

  it('puts a wrong code and a taken name on their fields in the console’s words', async () => {
    let answer = failure(4013, refusedCode, [{ field: 'smscode', message: refusedCode }]);
    server.use(http.post('/boot/sys/user/register', () => HttpResponse.json(answer, { status: 400 })));
    renderAt('/user/register', <RegisterPage />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('User name'), 'newowner');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret123');
    await user.type(screen.getByLabelText('Mobile number'), '13800000000');
    await passSlider();
    await user.type(screen.getByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('The verification code is wrong or has expired; check it or request a new one')).toBeInTheDocument();
    answer = failure(4010, 'This user name is already registered', [{ field: 'username', message: 'is already registered' }]);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('This user name is already registered')).toBeInTheDocument();
  });

  it('asks for the slider and the terms before anything is sent', async () => {
    renderAt('/user/register', <RegisterPage />);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Please drag the slider to the end first')).toBeInTheDocument();
    expect(screen.getByText('Please accept the privacy policy and the terms of use')).toBeInTheDocument();
    expect(screen.getByText('Please enter your mobile number')).toBeInTheDocument();
  });
});

describe('find password', () => {
  it('goes through the four steps: account, code, new password, done', async () => {
    const calls: { url: string; body: unknown }[] = [];
    const record = (url: string, result: unknown, code = 200) =>
      http.post(`/boot${url}`, async ({ request }) => {
        calls.push({ url, body: await request.json() });
        return HttpResponse.json(ok(result, code));
      });
    server.use(record('/sys/sms', { resendAfterMs: 60_000 }), record('/sys/user/phoneVerification', { username: 'owner' }, 1005), record('/sys/user/passwordChange', null, 1009));
    renderAt('/want/findPwd', <FindPasswordPage />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('User name'), 'owner');
    await user.type(screen.getByLabelText('Mobile number'), '13800000000');
    await passSlider();
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await user.type(await screen.findByLabelText('Verification code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByLabelText('New password'), 'Renewed123');
    await user.type(screen.getByLabelText('Confirm password'), 'Renewed123');
    await user.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(await screen.findByText('Your password has been changed')).toBeInTheDocument();
    expect(calls).toEqual([
      { url: '/sys/sms', body: { username: 'owner', smsmode: '2', mobile: '13800000000' } },
      { url: '/sys/user/phoneVerification', body: { username: 'owner', smscode: '654321', phone: '13800000000' } },
      { url: '/sys/user/passwordChange', body: { username: 'owner', smscode: '654321', phone: '13800000000', password: 'Renewed123', confirmPassword: 'Renewed123' } },
    ]);
  });
});

describe('find password with a refused code', () => {
  it('puts the refusal on the code field and stays at the code step', async () => {
    server.use(
      http.post('/boot/sys/sms', () => HttpResponse.json(ok({ resendAfterMs: 60_000 }))),
      http.post('/boot/sys/user/phoneVerification', () => HttpResponse.json(failure(4013, refusedCode, [{ field: 'smscode', message: refusedCode }]), { status: 400 })),
    );
    renderAt('/want/findPwd', <FindPasswordPage />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('User name'), 'owner');
    await user.type(screen.getByLabelText('Mobile number'), '13800000000');
    await passSlider();
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await user.type(await screen.findByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The verification code is wrong or has expired; check it or request a new one')).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});

describe('change of mobile or e-mail', () => {
  it('says when the new number is already registered', async () => {
    server.use(http.post('/boot/sys/sms', () => HttpResponse.json(failure(4011, 'This mobile number is already registered', [{ field: 'phone', message: 'is already registered' }]), { status: 400 })));
    renderAt('/user/alteration', <AlterationPage />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Mobile number'), '13800000000');
    await passSlider();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/^This mobile number is already registered/)).toBeInTheDocument();
  });
});
