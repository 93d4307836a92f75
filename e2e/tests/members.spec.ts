import { expect, type Page, test } from '@playwright/test';
import { apiCreateMember, apiLogin } from '../support/api';
import { uniqueUsername } from '../support/env';
import { sideMenu, signIn } from '../support/ui';

/** The table row that shows the given user name. */
const rowOf = (page: Page, username: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: username, exact: true }) });

test('a distributor creates an end user on the CRM screen and moves it between its installers', async ({ page, request }) => {
  // The administrator sets up a distributor with two installers.
  const admin = await apiLogin(request);
  const password = 'Start12345';
  const distributor = uniqueUsername('e2e_d');
  const distributorId = await apiCreateMember(request, admin.token, { username: distributor, password, realname: `Dana ${distributor.slice(-6)}`, accountType: 'distributor' });
  const installers = ['Ivy', 'Ian'].map((name) => ({ username: uniqueUsername(`e2e_${name.toLowerCase()}`), realname: `${name} ${distributor.slice(-6)}` }));
  for (const installer of installers) await apiCreateMember(request, admin.token, { ...installer, password, accountType: 'installer', superiorId: distributorId });
  const [first, second] = installers as [(typeof installers)[0], (typeof installers)[0]];

  await signIn(page, distributor, password);
  await sideMenu(page).getByRole('menuitem', { name: 'CRM' }).click();
  await expect(page).toHaveURL(/\/member\/index/);
  await expect(rowOf(page, first.username)).toContainText('Installer');

  // Create an end user under the first installer.
  const endUser = uniqueUsername('e2e_e');
  await page.getByRole('button', { name: 'Add member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add member' });
  await dialog.getByLabel('User name', { exact: true }).fill(endUser);
  await dialog.getByLabel('Real name', { exact: true }).fill(`Eve ${endUser.slice(-6)}`);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByLabel('Confirm password', { exact: true }).fill(password);
  await dialog.getByLabel('Role', { exact: true }).click();
  await page.getByTitle('End user', { exact: true }).click();
  await dialog.getByLabel('Superior', { exact: true }).click();
  await page.getByTitle(`${first.realname} (${first.username}) – Installer`).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Added successfully')).toBeVisible();
  const row = rowOf(page, endUser);
  await expect(row).toContainText(first.realname);

  // Move it to the second installer.
  await row.getByRole('button', { name: 'Move' }).click();
  const move = page.getByRole('dialog', { name: `Move Eve ${endUser.slice(-6)}` });
  // Choose again until the choice shows in the field and the option list has closed (a click that
  // lands while the list is still opening is lost, and the open list then covers the Move button).
  const secondTitle = `${second.realname} (${second.username}) – Installer`;
  await expect(async () => {
    await move.getByLabel('New superior', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(secondTitle).click({ timeout: 2_000 });
    await expect(move.getByTitle(secondTitle)).toBeVisible({ timeout: 1_000 });
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0, { timeout: 1_000 });
  }).toPass();
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(move).toBeHidden();
  await expect(row).toContainText(second.realname);
  await expect(row).not.toContainText(first.realname);

  // The first installer no longer sees the account; the second one does.
  const firstToken = (await apiLogin(request, first.username, password)).token;
  const secondToken = (await apiLogin(request, second.username, password)).token;
  const listed = async (token: string) => {
    const response = await request.get(`/boot/member/list?username=${endUser}`, { headers: { 'X-Access-Token': token } });
    return ((await response.json()) as { result: { records: { username: string }[] } }).result.records.map((record) => record.username);
  };
  expect(await listed(firstToken)).toEqual([]);
  expect(await listed(secondToken)).toEqual([endUser]);
});
