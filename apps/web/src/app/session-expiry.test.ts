import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { session } from '@/lib/session';
import { fail, loginResult } from '@/testing/fixtures';
import { installUnauthorizedHandler, relogDelayMs } from './session-expiry';

// The notice is antd's static notification, which renders outside any test root and would keep
// React busy after this file's window is gone; record it instead.
const { notice } = vi.hoisted(() => ({ notice: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notice }));

describe('session expiry (HTTP 401)', () => {
  let uninstall: () => void = () => undefined;
  const navigate = vi.fn();
  let location = { pathname: '/system/user', search: '?pageNo=2' };

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    navigate.mockReset();
    notice.mockReset();
    location = { pathname: '/system/user', search: '?pageNo=2' };
    uninstall = installUnauthorizedHandler({ navigate, location: () => location }, new QueryClient());
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(fail(4006, 'token expired')), { status: 401 })));
  });

  afterEach(() => {
    uninstall();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('signs out and opens the sign-in page with the current page after 1.5 s', async () => {
    session.start(loginResult());
    await expect(api.get('/sys/user/list')).rejects.toMatchObject({ status: 401 });
    await expect(api.get('/sys/user/list')).rejects.toMatchObject({ status: 401 });
    expect(session.token).toBe('token-1');
    expect(notice).toHaveBeenCalledTimes(1);
    expect(notice).toHaveBeenCalledWith('warning', 'Your session has expired', expect.any(String));
    vi.advanceTimersByTime(relogDelayMs);
    expect(session.token).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/user/login?redirect=%2Fsystem%2Fuser%3FpageNo%3D2', { replace: true });
  });

  it('leaves a newer session alone', async () => {
    session.start(loginResult());
    await expect(api.get('/sys/user/list')).rejects.toMatchObject({ status: 401 });
    session.start(loginResult({ token: 'token-2' }));
    vi.advanceTimersByTime(relogDelayMs);
    expect(session.token).toBe('token-2');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does nothing for a visitor without a token', async () => {
    await expect(api.get('/sys/user/list')).rejects.toMatchObject({ status: 401 });
    vi.advanceTimersByTime(relogDelayMs);
    expect(navigate).not.toHaveBeenCalled();
    expect(notice).not.toHaveBeenCalled();
  });

  it('leaves nothing behind once uninstalled (the app is gone)', async () => {
    session.start(loginResult());
    await expect(api.get('/sys/user/list')).rejects.toMatchObject({ status: 401 });
    uninstall();
    vi.advanceTimersByTime(relogDelayMs);
    expect(session.token).toBe('token-1');
    expect(navigate).not.toHaveBeenCalled();
  });
});
