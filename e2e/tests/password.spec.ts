import { expect, test } from '@playwright/test';
import { apiCreateUser, apiLogin, apiRoleId } from '../support/api';
import { uniqueUsername } from '../support/env';
import { loginText, openUserMenu, openUsersScreen, signIn, signOut, submitLogin } from '../support/ui';

test('a user changes their own password, then only the new one signs in', async ({ page, request }) => {
  const username = uniqueUsername('e2e_p');
  const oldPassword = 'Old12345a';
  const newPassword = 'New12345b';

  // A fresh user, created by the administrator through the API, with a role that can open the Users screen.
  const admin = await apiLogin(request);
  const selectedroles = await apiRoleId(request, admin.token, 'admin');
  await apiCreateUser(request, admin.token, { username, password: oldPassword, confirmpassword: oldPassword, realname: `Pat ${username.slice(-6)}`, selectedroles });

  await signIn(page, username, oldPassword);

  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.getByLabel('Old password', { exact: true }).fill(oldPassword);
  await dialog.getByLabel('New password', { exact: true }).fill(newPassword);
  await dialog.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('signed out on all other devices')).toBeVisible();

  await signOut(page);
  await submitLogin(page, username, newPassword);
  await expect(page).not.toHaveURL(/\/user\/login/);
  await openUsersScreen(page);
  await expect(page.getByRole('button', { name: 'Add user' })).toBeVisible();

  await signOut(page);
  await submitLogin(page, username, oldPassword);
  await expect(page.getByText(loginText.wrongCredentials)).toBeVisible();
  await expect(page).toHaveURL(/\/user\/login/);
});
