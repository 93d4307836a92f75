import { expect, type Locator, type Page } from '@playwright/test';

/** Labels of the English login form (apps/web/src/locales/en-US/login.json). */
export const loginText = {
  username: 'User name',
  password: 'Password',
  submit: 'Sign in',
  wrongCredentials: 'Wrong user name or password',
} as const;

/** The local-storage key of the session token (`uz__` prefix, apps/web/src/lib/session.ts). */
export const tokenKey = 'uz__Access-Token';

/** Fills the login form and submits it (the page must show the login form). */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  const submit = page.getByRole('button', { name: loginText.submit, exact: true });
  // Wait for the form itself: right after a sign-out the console may still be on screen for a moment.
  await expect(submit).toBeVisible();
  await page.getByRole('textbox', { name: loginText.username, exact: true }).fill(username);
  // The input by role: the login page's password tab is labelled 'Password' too.
  await page.getByRole('textbox', { name: loginText.password, exact: true }).fill(password);
  await submit.click();
}

/** Opens /user/login and signs in; waits until the app has left the login page. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/user/login');
  await submitLogin(page, username, password);
  await expect(page).not.toHaveURL(/\/user\/login/);
}

/** The side menu of the main layout (the first menu on the page). */
export const sideMenu = (page: Page): Locator => page.getByRole('menu').first();

/** The header's user-menu button, in any of the three languages (layout.json userMenu.label). */
export const userMenuButton = (page: Page): Locator => page.getByRole('button', { name: /^(User menu|用户菜单|Benutzermenü)$/ });

/** Opens the user menu in the header. */
export async function openUserMenu(page: Page): Promise<void> {
  await userMenuButton(page).click();
}

/** User menu -> Sign out -> confirm (English); ends on the login page. */
export async function signOut(page: Page): Promise<void> {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/user\/login/);
  await expect(page.getByRole('button', { name: loginText.submit, exact: true })).toBeVisible();
}

/** Reads the token the app stored after login (the storage value is `{value, expire}` JSON). */
export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    try {
      return (JSON.parse(raw) as { value: string }).value;
    } catch {
      return null;
    }
  }, tokenKey);
}

/** Opens System -> Users (signed in as someone who may see it) and waits for its search form. */
export async function openUsersScreen(page: Page): Promise<void> {
  await page.goto('/system/user');
  await expect(page.getByRole('search', { name: /^(Search Users|搜索用户管理|Benutzer suchen)$/ })).toBeVisible();
}
