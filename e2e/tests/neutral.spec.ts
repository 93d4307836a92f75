import { expect, test } from '@playwright/test';
import { adminPassword, adminUsername } from '../support/env';
import { loginText, tokenKey } from '../support/ui';

test('the device portal signs in on its own session and shows the device list with import', async ({ page }) => {
  await page.goto('/neutral');
  await expect(page).toHaveURL(/\/neutral\/login$/);
  // Neutral: no platform name on the page or in the title.
  await expect(page.getByRole('heading', { name: 'Device portal' })).toBeVisible();
  await page.getByRole('textbox', { name: loginText.username, exact: true }).fill(adminUsername);
  await page.getByRole('textbox', { name: loginText.password, exact: true }).fill(adminPassword);
  await page.getByRole('button', { name: loginText.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/neutral\/index$/);
  await expect(page.getByRole('button', { name: /Import/ })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();

  // The portal's session is its own: the console in the same browser is still signed out.
  const stored = await page.evaluate(() => Object.keys(localStorage));
  expect(stored).toContain('uz__NEUTRAL_Access-Token');
  expect(stored).toContain('uz__NEUTRAL_is_neutral');
  expect(stored).not.toContain(tokenKey);
  await page.goto('/site/index');
  await expect(page).toHaveURL(/\/user\/login/);

  // Back in the portal, still signed in; signing out returns to the portal's sign-in.
  await page.goto('/neutral/index');
  await page.getByRole('button', { name: /Sign out Administrator/ }).click();
  await expect(page).toHaveURL(/\/neutral\/login$/);
});
