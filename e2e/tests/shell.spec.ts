import { expect, test } from '@playwright/test';
import { adminPassword, adminUsername } from '../support/env';
import { loginText, signIn } from '../support/ui';

test('the login page shows the deployment default region and titles the document', async ({ page }) => {
  await page.goto('/user/login');
  await expect(page).toHaveTitle('Sign in · Cellsight');
  // No region has a portal of its own here, so the default region (EUR) is the chosen one.
  await expect(page.getByRole('radiogroup', { name: 'Region' }).getByRole('radio', { name: 'Europe (EUR)' })).toBeChecked();
  await expect(page.getByRole('button', { name: loginText.submit, exact: true })).toBeVisible();
});

test('a signed-in user opening the login page goes to the default page', async ({ page }) => {
  await signIn(page, adminUsername, adminPassword);
  await page.goto('/user/login');
  await expect(page).toHaveURL(/\/site\/index$/);
  // The default page stands in for the dashboard, whose document title is the bare platform name.
  await expect(page).toHaveTitle('Cellsight');
});

test('an unknown path shows the not-found page, which leads back home', async ({ page }) => {
  await signIn(page, adminUsername, adminPassword);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Cellsight');
  await page.getByRole('button', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/site\/index$/);
});
