import { expect, type Page, test } from '@playwright/test';
import { apiCreateUser, apiLogin, apiRoleId } from '../support/api';
import { adminPassword, adminUsername, uniqueUsername } from '../support/env';
import { sideMenu, signIn } from '../support/ui';

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });

/** Roles screen → the role's Authorise drawer → tick the named menu rows → Save. */
async function grantMenus(page: Page, roleCode: string, menus: string[]): Promise<void> {
  await rowOf(page, roleCode).getByRole('button', { name: 'Authorise' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: 'Menus and buttons of' });
  await expect(drawer.getByRole('tree')).toBeVisible();
  await drawer.getByRole('button', { name: 'Expand all' }).click();
  for (const menu of menus) await drawer.getByRole('treeitem', { name: new RegExp(`^(caret-\\w+ )?${menu}$`) }).getByRole('checkbox').click();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden();
}

test('a role that grants only Loggers shows its user exactly that menu, and widening it grows the menu without a new sign-in', async ({ page, browser, request }) => {
  const roleCode = uniqueUsername('e2e_role');
  const username = uniqueUsername('e2e_r');
  const password = 'Loggers123';

  // The administrator creates the role on the Roles screen and grants it the Loggers menu.
  await signIn(page, adminUsername, adminPassword);
  await page.goto('/system/role');
  await page.getByRole('button', { name: 'Add role' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add role' });
  await dialog.getByLabel('Role name', { exact: true }).fill(`Loggers only ${roleCode.slice(-5)}`);
  await dialog.getByLabel('Role code', { exact: true }).fill(roleCode);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, roleCode)).toHaveCount(1);
  await grantMenus(page, roleCode, ['Loggers']);

  // A new user holds only that role.
  const admin = await apiLogin(request);
  await apiCreateUser(request, admin.token, { username, password, confirmpassword: password, realname: 'Rita Roles', selectedroles: await apiRoleId(request, admin.token, roleCode) });

  // Signed in, the user sees exactly the Loggers menu.
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await signIn(userPage, username, password);
  const menu = sideMenu(userPage);
  await expect(menu.getByRole('menuitem', { name: /Loggers/ })).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveCount(1);

  // The administrator widens the role with System → Users; the user's open console follows at once.
  await grantMenus(page, roleCode, ['Users']);
  await expect(menu.getByRole('menuitem', { name: /System/ })).toBeVisible();
  await menu.getByRole('menuitem', { name: /System/ }).click();
  await expect(menu.getByRole('menuitem', { name: /Users/ })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /Loggers/ })).toBeVisible();
  // No new sign-in happened: still the same page, and the Users screen opens for the same session.
  await menu.getByRole('menuitem', { name: /Users/ }).click();
  await expect(userPage.getByRole('search', { name: 'Search Users' })).toBeVisible();
  await userContext.close();
});
