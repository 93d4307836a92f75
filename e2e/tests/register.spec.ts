import { expect, test } from '@playwright/test';
import { apiCreateUser, apiFindUser, apiLogin, apiRoleId } from '../support/api';
import { uniqueUsername } from '../support/env';
import { loginText } from '../support/ui';

/** The installer self-registered accounts go under (SIGNUP_INSTALLER in playwright.config.ts). */
const signupInstaller = 'e2e_signup_inst';

test('a visitor registers with a code from the outbox and signs in as an end user under the default installer', async ({ page, request }) => {
  const admin = await apiLogin(request);
  const headers = { 'X-Access-Token': admin.token, 'tenant-id': '0' };
  const existing = await request.get(`/boot/sys/user/list?username=${signupInstaller}`, { headers });
  if (((await existing.json()) as { result: { total: number } }).result.total === 0) {
    await apiCreateUser(request, admin.token, {
      username: signupInstaller,
      password: 'Installer123',
      confirmpassword: 'Installer123',
      realname: 'Sign-up Installer',
      accountType: 'installer',
      selectedroles: await apiRoleId(request, admin.token, 'installer'),
    });
  }
  const username = uniqueUsername('e2e_reg');
  const email = `${username}@example.com`;
  const password = 'Register123';

  await page.goto('/user/login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/user\/register$/);
  // The address changes before the page's code has loaded, while the sign-in form (also with a user
  // name and a password) still shows: fill the fields once the register form is there.
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await page.getByRole('textbox', { name: 'User name', exact: true }).fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm password' }).fill(password);
  await page.getByText('E-mail', { exact: true }).click();
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);

  // The slider check: drag the handle all the way to the right.
  const handle = page.getByRole('slider');
  const track = page.locator('.cs-slider-check .ant-slider');
  const box = (await track.boundingBox())!;
  const start = (await handle.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width + 20, start.y + start.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /Again in \d+ s/ })).toBeDisabled();

  // No mail server here: the code waits in the outbox, where an administrator reads it.
  const outbox = await request.get(`/boot/sys/outbox/list?recipient=${encodeURIComponent(email)}`, { headers });
  const messages = ((await outbox.json()) as { result: { records: { body: string; status: string }[] } }).result.records;
  expect(messages).toHaveLength(1);
  expect(messages[0]!.status).toBe('kept');
  const code = /\b(\d{6})\b/.exec(messages[0]!.body)![1]!;

  await page.getByRole('textbox', { name: 'Verification code' }).fill(code);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/user\/register-result/);
  await expect(page.getByText(`Sign in as ${username} to add your first station.`)).toBeVisible();

  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('textbox', { name: loginText.username, exact: true })).toHaveValue(username);
  await page.getByRole('textbox', { name: loginText.password, exact: true }).fill(password);
  await page.getByRole('button', { name: loginText.submit, exact: true }).click();
  await expect(page).not.toHaveURL(/\/user\//);

  // An end user under the default installer.
  const created = await apiFindUser(request, admin.token, username);
  const record = await request.get(`/boot/sys/user/list?username=${username}`, { headers });
  const row = ((await record.json()) as { result: { records: { id: string; accountType: string; superiorId: string | null }[] } }).result.records[0]!;
  const installer = await apiFindUser(request, admin.token, signupInstaller);
  expect(row).toMatchObject({ id: created.id, accountType: 'end_user', superiorId: installer.id });
});
