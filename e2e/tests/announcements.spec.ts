import { expect, test } from '@playwright/test';
import { apiCreateUser, apiLogin, apiRoleId } from '../support/api';
import { adminPassword, adminUsername, uniqueUsername } from '../support/env';
import { watchLiveEvents } from '../support/live';
import { signIn } from '../support/ui';

test('an announcement an administrator publishes to everyone appears in another signed-in user’s bell without a reload', async ({ page, browser, request }) => {
  const username = uniqueUsername('e2e_ann');
  const password = 'Reader12345';
  const title = `Maintenance ${username.slice(-5)}`;
  const admin = await apiLogin(request);
  await apiCreateUser(request, admin.token, { username, password, confirmpassword: password, realname: 'Rita Reader', selectedroles: await apiRoleId(request, admin.token, 'end_user') });

  // The reader is signed in in a browser of their own, with nothing unread.
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  const readerLive = watchLiveEvents(reader);
  await signIn(reader, username, password);
  const bell = reader.getByRole('button', { name: /^Notifications \(\d+ unread\)$/ });
  await expect(bell).toHaveAccessibleName('Notifications (0 unread)');

  // The administrator writes it with the rich text editor and publishes it.
  await signIn(page, adminUsername, adminPassword);
  await page.goto('/system/annountCement');
  await page.getByRole('button', { name: 'Add announcement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add announcement' });
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  const editor = dialog.getByRole('textbox', { name: 'Rich text editor' });
  await editor.click();
  await dialog.getByRole('button', { name: 'Bold' }).click();
  await editor.pressSequentially('Back at six');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(row.getByRole('button', { name: 'Revoke' })).toBeVisible();

  // The server pushes it to the reader's console, whose bell counts it without a reload.
  await readerLive.received('announcement.changed');
  await expect(bell).toHaveAccessibleName('Notifications (1 unread)');
  await bell.click();
  await reader.getByText(title).click();
  const detail = reader.getByRole('dialog').filter({ hasText: title });
  await expect(detail.getByText('Back at six')).toBeVisible();
  await expect(detail.locator('strong', { hasText: 'Back at six' })).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Go handle' })).toHaveCount(0);
  await detail.getByRole('button', { name: 'Close' }).last().click();
  // Opened is read.
  await expect(bell).toHaveAccessibleName('Notifications (0 unread)');
  await readerContext.close();
});
