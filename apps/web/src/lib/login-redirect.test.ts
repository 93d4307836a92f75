import { describe, expect, it } from 'vitest';
import { loginPath, safeRedirect } from './login-redirect';

describe('login redirect', () => {
  it('carries the wanted path with its query', () => {
    expect(loginPath('/system/user?pageNo=2')).toBe('/user/login?redirect=%2Fsystem%2Fuser%3FpageNo%3D2');
    expect(loginPath('/')).toBe('/user/login');
  });

  it('follows only paths of this site', () => {
    expect(safeRedirect('/system/user')).toBe('/system/user');
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('/user/login?redirect=/x')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });
});
