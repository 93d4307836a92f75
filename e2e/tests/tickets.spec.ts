import { expect, test } from '@playwright/test';
import { apiCreateUser, apiFindUser, apiLogin, apiRegisterLogger, apiRoleId } from '../support/api';
import { uniqueUsername } from '../support/env';
import { watchLiveEvents } from '../support/live';
import { openUserMenu, signIn } from '../support/ui';

/** A real 1x1 PNG (attachments are judged by content). */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('an end user opens a ticket with two attachments on their station; the installer sees it live and answers; the end user closes and rates it', async ({ page, browser, request }) => {
  const installerName = uniqueUsername('e2e_tki');
  const endUserName = uniqueUsername('e2e_tke');
  const password = 'Ticket12345';
  const title = `Pack offline ${endUserName.slice(-5)}`;
  const reply = 'Please restart the logger once; I am on my way.';
  const admin = await apiLogin(request);
  // The hierarchy: an installer, an end user under it who owns a station.
  await apiCreateUser(request, admin.token, { username: installerName, password, confirmpassword: password, realname: 'Ivo Installer', accountType: 'installer', selectedroles: await apiRoleId(request, admin.token, 'installer') });
  const installer = await apiFindUser(request, admin.token, installerName);
  await apiCreateUser(request, admin.token, {
    username: endUserName,
    password,
    confirmpassword: password,
    realname: 'Erika Enduser',
    accountType: 'end_user',
    superiorId: installer.id,
    selectedroles: await apiRoleId(request, admin.token, 'end_user'),
  });
  const endUser = await apiFindUser(request, admin.token, endUserName);
  const gsn = `E2ETK${Date.now().toString(36).toUpperCase()}`;
  const key = 'e2e-ticket-key-1';
  await apiRegisterLogger(request, admin.token, gsn, key);
  const stationName = `Ticket home ${endUserName.slice(-5)}`;
  const station = await request.post('/boot/want/tbStation/add_station?from=EUR', {
    headers: { 'X-Access-Token': admin.token, 'tenant-id': '0' },
    data: { name: stationName, masterId: endUser.id, logger: JSON.stringify([{ gsn, key, product_code: `${gsn}-M` }]) },
  });
  expect((await station.json()) as { success: boolean }).toMatchObject({ success: true });

  // The installer watches the ticket list in a browser of their own.
  const installerContext = await browser.newContext();
  const installerPage = await installerContext.newPage();
  const installerLive = watchLiveEvents(installerPage);
  await signIn(installerPage, installerName, password);
  await installerPage.goto('/worklist/index');
  await expect(installerPage.getByRole('button', { name: /Add ticket/ })).toBeVisible();

  // The end user opens the worklist from the user menu and files a ticket with two photos.
  await signIn(page, endUserName, password);
  await openUserMenu(page);
  const userMenu = page.getByRole('menu').filter({ has: page.getByRole('menuitem', { name: 'Sign out' }) });
  await userMenu.getByRole('menuitem', { name: 'Tickets' }).click();
  await expect(page).toHaveURL(/\/worklist\/index/);
  await page.getByRole('button', { name: /Add ticket/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Add ticket' });
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByLabel('Category', { exact: true }).click();
  await page.getByTitle('Defect', { exact: true }).click();
  await dialog.getByLabel('Station', { exact: true }).click();
  await page.getByTitle(stationName, { exact: true }).click();
  await dialog.getByLabel('Contact mobile', { exact: true }).fill('13812345678');
  await dialog.getByLabel('Description', { exact: true }).fill('The second pack has been offline since this morning.');
  await dialog.locator('input[type=file]').setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: png },
    { name: 'back.png', mimeType: 'image/png', buffer: png },
  ]);
  await expect(dialog.locator('.ant-upload-list-item-done')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible();

  // The installer's list shows it without a reload (ticket.changed); the installer answers.
  const installerRow = installerPage.getByRole('row').filter({ hasText: title });
  await installerLive.received('ticket.changed');
  await expect(installerRow).toBeVisible();
  await installerRow.getByRole('link', { name: /^WO\d+$/ }).click();
  await expect(installerPage.getByText(title)).toBeVisible();
  await expect(installerPage.getByRole('img', { name: 'Attachment 2' })).toBeVisible();
  await installerPage.getByPlaceholder('Write a reply').fill(reply);
  await installerPage.getByRole('button', { name: /Send reply/ }).click();
  await expect(installerPage.getByText(reply)).toBeVisible();

  // The end user reads the answer on the ticket's page, closes the ticket and rates it.
  await page.getByRole('row').filter({ hasText: title }).getByRole('link', { name: /^WO\d+$/ }).click();
  await expect(page.getByText(reply)).toBeVisible();
  await page.getByRole('button', { name: 'Close ticket' }).click();
  await expect(page.getByText('Please confirm whether to close the ticket?')).toBeVisible();
  const sinceClosing = installerLive.mark();
  await page.getByRole('button', { name: 'Close and rate' }).click();
  const rating = page.getByRole('dialog', { name: 'Rate the handling' });
  await rating.getByLabel('Yes').check();
  await rating.getByLabel('Handling speed').getByRole('radio').nth(4).click();
  await rating.getByLabel('Service attitude').getByRole('radio').nth(3).click();
  await rating.getByRole('button', { name: 'Close ticket' }).click();
  await expect(rating).toBeHidden();
  await expect(page.getByText('Completed').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close ticket' })).toHaveCount(0);

  // The installer's page follows live: the ticket is completed, nothing left to answer.
  await sinceClosing('ticket.changed');
  await expect(installerPage.getByPlaceholder('Write a reply')).toHaveCount(0);
  await installerContext.close();
});
