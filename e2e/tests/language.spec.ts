import { expect, type Page, test } from '@playwright/test';
import { adminPassword, adminUsername } from '../support/env';
import { openUserMenu, openUsersScreen, sideMenu, signIn, userMenuButton } from '../support/ui';

/**
 * User menu -> language submenu (its label in the current language) -> the wanted language; the page
 * reloads. The submenu opens on hover with an animation; on a busy machine it can close (or still
 * move under the pointer) before the click lands, so the whole choice is made again from a closed
 * menu until the page reloads.
 */
async function chooseLanguage(page: Page, submenu: string, language: string): Promise<void> {
  await expect(async () => {
    await page.keyboard.press('Escape');
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: submenu }).hover();
    const item = page.getByRole('menuitem', { name: language, exact: true });
    await item.hover({ timeout: 5_000 });
    const reloaded = page.waitForEvent('load', { timeout: 10_000 });
    await item.click({ timeout: 5_000 });
    await reloaded;
  }).toPass({ timeout: 50_000 });
}

/** The header texts and the Users screen texts that must follow the language. */
const shell = {
  'en-US': { userMenu: 'User menu', collapse: 'Collapse the menu', signOut: 'Sign out', add: 'Add user', search: 'Search Users', system: 'System', users: 'Users', loggers: 'Loggers' },
  'zh-CN': { userMenu: '用户菜单', collapse: '收起菜单', signOut: '退出登录', add: '新增用户', search: '搜索用户管理', system: '系统管理', users: '用户管理', loggers: '数据采集器' },
  'de-DE': { userMenu: 'Benutzermenü', collapse: 'Menü einklappen', signOut: 'Abmelden', add: 'Benutzer hinzufügen', search: 'Benutzer suchen', system: 'System', users: 'Benutzer', loggers: 'Datenlogger' },
} as const;

async function expectShellIn(page: Page, language: keyof typeof shell): Promise<void> {
  const text = shell[language];
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(userMenuButton(page)).toHaveAccessibleName(text.userMenu);
  await expect(page.getByRole('banner').getByRole('button', { name: text.collapse, exact: true })).toBeVisible();
  await expect(page.getByRole('search', { name: text.search })).toBeVisible();
  await expect(page.getByRole('button', { name: text.add })).toBeVisible();
  await openUserMenu(page);
  await expect(page.getByRole('menuitem', { name: text.signOut })).toBeVisible();
  await page.keyboard.press('Escape');
}

test('switching the language to Chinese and to German translates the shell', async ({ page }) => {
  await signIn(page, adminUsername, adminPassword);
  await openUsersScreen(page);
  await expectShellIn(page, 'en-US');

  await chooseLanguage(page, 'Language', '中文');
  await expectShellIn(page, 'zh-CN');

  await chooseLanguage(page, '切换语言', 'Deutsch');
  await expectShellIn(page, 'de-DE');

  // The choice is stored: a reload keeps it.
  await page.reload();
  await expectShellIn(page, 'de-DE');

  await chooseLanguage(page, 'Sprache', 'English');
  await expectShellIn(page, 'en-US');
});

test('the side menu follows the chosen language', async ({ page }) => {
  await signIn(page, adminUsername, adminPassword);
  await openUsersScreen(page);
  await expect(sideMenu(page).getByText(shell['en-US'].loggers, { exact: true })).toBeVisible();
  await expect(sideMenu(page).getByText(shell['en-US'].users, { exact: true })).toBeVisible();

  await chooseLanguage(page, 'Language', '中文');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(sideMenu(page).getByText(shell['zh-CN'].loggers, { exact: true })).toBeVisible();
  await expect(sideMenu(page).getByText(shell['zh-CN'].system, { exact: true })).toBeVisible();
  await expect(sideMenu(page).getByText(shell['zh-CN'].users, { exact: true })).toBeVisible();

  await chooseLanguage(page, '切换语言', 'Deutsch');
  await expect(sideMenu(page).getByText(shell['de-DE'].loggers, { exact: true })).toBeVisible();
  await expect(sideMenu(page).getByText(shell['de-DE'].users, { exact: true })).toBeVisible();
});
