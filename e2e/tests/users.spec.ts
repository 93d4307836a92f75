import { expect, type Page, test } from '@playwright/test';
import { apiCreateUser, apiFindUser, apiLogin, apiRoleId, apiSetFrozen } from '../support/api';
import { adminPassword, adminUsername, uniqueUsername } from '../support/env';
import { openUsersScreen, signIn, submitLogin } from '../support/ui';

/** The table row that shows the given user name. */
const rowOf = (page: Page, username: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: username, exact: true }) });

test('on the Users screen an admin creates a user, edits the real name and freezes the account', async ({ page }) => {
  const username = uniqueUsername('e2e_u');
  const realname = `Erin ${username.slice(-6)}`;
  const renamed = `Erin Renamed ${username.slice(-6)}`;

  await signIn(page, adminUsername, adminPassword);
  await openUsersScreen(page);

  // Create.
  await page.getByRole('button', { name: 'Add user' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add user' });
  await addDialog.getByLabel('User name', { exact: true }).fill(username);
  await addDialog.getByLabel('Real name', { exact: true }).fill(realname);
  await addDialog.getByLabel('Password', { exact: true }).fill('Start12345');
  await addDialog.getByLabel('Confirm password', { exact: true }).fill('Start12345');
  await addDialog.getByRole('button', { name: 'Save' }).click();
  await expect(addDialog).toBeHidden();
  // The toast names the server's success code 1001 (server.json _1001).
  await expect(page.getByText('Added successfully')).toBeVisible();

  // Find it with the search bar.
  const search = page.getByRole('search', { name: 'Search Users' });
  await search.getByLabel('User name', { exact: true }).fill(username);
  await search.getByRole('button', { name: /Search/ }).click();
  const row = rowOf(page, username);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(realname);
  await expect(row).toContainText('Normal');

  // The search lives in the URL: a reload (or a copied link) shows the same view, Back the one before.
  await expect(page).toHaveURL(new RegExp(`[?&]username=${username}`));
  await page.reload();
  await expect(search.getByLabel('User name', { exact: true })).toHaveValue(username);
  await expect(rowOf(page, username)).toHaveCount(1);
  await page.goBack();
  await expect(page).not.toHaveURL(/username=/);
  await expect(search.getByLabel('User name', { exact: true })).toHaveValue('');
  await page.goForward();
  await expect(rowOf(page, username)).toHaveCount(1);

  // Edit the real name.
  await row.getByRole('button', { name: 'Edit' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit user' });
  await expect(editDialog.getByLabel('User name', { exact: true })).toHaveValue(username);
  await expect(editDialog.getByLabel('Real name', { exact: true })).toHaveValue(realname);
  await editDialog.getByLabel('Real name', { exact: true }).fill(renamed);
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(editDialog).toBeHidden();
  await expect(page.getByText('Saved successfully')).toBeVisible();
  await expect(row).toContainText(renamed);

  // Freeze, after confirming.
  await row.getByRole('button', { name: 'Freeze' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'OK' }).click();
  await expect(row).toContainText('Frozen');
  await expect(row.getByRole('button', { name: 'Unfreeze' })).toBeVisible();
});

test('a frozen user cannot sign in, loses an open session, and signs in again once unfrozen', async ({ page, request, browser }) => {
  const username = uniqueUsername('e2e_f');
  const password = 'Frozen123a';
  const admin = await apiLogin(request);
  await apiCreateUser(request, admin.token, { username, password, confirmpassword: password, realname: `Fay ${username.slice(-6)}`, selectedroles: await apiRoleId(request, admin.token, 'admin') });
  const user = await apiFindUser(request, admin.token, username);

  // Signed in, then frozen by the administrator: the next page load ends at the sign-in page.
  await signIn(page, username, password);
  await apiSetFrozen(request, admin.token, [user.id], true);
  await page.goto('/system/user?after=freeze');
  await expect(page).toHaveURL(/\/user\/login\?redirect=/);

  // Signing in is refused with the frozen-account message (code 4038).
  await submitLogin(page, username, password);
  await expect(page.getByText('This account is frozen; please contact your administrator')).toBeVisible();
  await expect(page).toHaveURL(/\/user\/login/);

  // Unfrozen: the same credentials work again, in a fresh browser context.
  await apiSetFrozen(request, admin.token, [user.id], false);
  const context = await browser.newContext();
  try {
    const fresh = await context.newPage();
    await signIn(fresh, username, password);
    await openUsersScreen(fresh);
    await expect(fresh.getByRole('button', { name: 'Add user' })).toBeVisible();
  } finally {
    await context.close();
  }
});
