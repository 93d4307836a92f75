import { expect, test } from '@playwright/test';
import { apiLogout } from '../support/api';
import { adminPassword, adminUsername } from '../support/env';
import { loginText, sideMenu, signIn, storedToken, submitLogin, tokenKey } from '../support/ui';

test.describe('signing in', () => {
  test('admin signs in and lands on the default page with the server menu', async ({ page }) => {
    await page.goto('/');
    // Without a token every page leads to the login form.
    await expect(page).toHaveURL(/\/user\/login/);
    await submitLogin(page, adminUsername, adminPassword);

    // The default page is the first menu leaf: the station list (spec section 2: / is /site/index).
    await expect(page).toHaveURL(/\/site\/index$/);
    const menu = sideMenu(page);
    await expect(menu.getByText('Stations', { exact: true })).toBeVisible();
    await expect(menu.getByText('Loggers', { exact: true })).toBeVisible();
    await expect(menu.getByText('System', { exact: true })).toBeVisible();
    expect(await storedToken(page)).toBeTruthy();
  });

  test('a wrong password shows the wrong-credentials message and stays on the login page', async ({ page }) => {
    await page.goto('/user/login');
    await submitLogin(page, adminUsername, `${adminPassword}x`);
    await expect(page.getByText(loginText.wrongCredentials)).toBeVisible();
    await expect(page).toHaveURL(/\/user\/login/);
    expect(await storedToken(page)).toBeNull();
  });
});

test.describe('a session that is gone', () => {
  const wanted = '/system/user?x=1';
  // The sign-in page keeps the wanted path, query included, URL-encoded in `redirect`.
  const redirectTo = new RegExp(`/user/login\\?redirect=${encodeURIComponent(wanted)}$`);

  test('a removed token sends the user to login and back to the wanted page afterwards', async ({ page }) => {
    await signIn(page, adminUsername, adminPassword);
    await page.evaluate((key) => localStorage.removeItem(key), tokenKey);

    await page.goto(wanted);
    await expect(page).toHaveURL(redirectTo);
    await submitLogin(page, adminUsername, adminPassword);
    await expect(page).toHaveURL(/\/system\/user\?x=1$/);
    await expect(sideMenu(page).getByText('Users', { exact: true })).toBeVisible();
  });

  test('a token revoked on the server sends the user to login and back to the wanted page afterwards', async ({ page, request }) => {
    await signIn(page, adminUsername, adminPassword);
    const token = await storedToken(page);
    expect(token).toBeTruthy();
    await apiLogout(request, token!);

    await page.goto(wanted);
    await expect(page).toHaveURL(redirectTo);
    await expect(page.getByRole('button', { name: loginText.submit, exact: true })).toBeVisible();
    await submitLogin(page, adminUsername, adminPassword);
    await expect(page).toHaveURL(/\/system\/user\?x=1$/);
    expect(await storedToken(page)).not.toBe(token);
  });

  test('an expired token (past its stored lifetime) sends the user to login', async ({ page }) => {
    await signIn(page, adminUsername, adminPassword);
    await page.evaluate((key) => {
      const raw = localStorage.getItem(key);
      if (!raw) throw new Error('no token stored');
      const stored = JSON.parse(raw) as { value: string; expire: number | null };
      localStorage.setItem(key, JSON.stringify({ ...stored, expire: Date.now() - 1000 }));
    }, tokenKey);

    await page.goto(wanted);
    await expect(page).toHaveURL(redirectTo);
    await submitLogin(page, adminUsername, adminPassword);
    await expect(page).toHaveURL(/\/system\/user\?x=1$/);
  });
});
