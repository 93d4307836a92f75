import { expect, test } from '@playwright/test';
import { apiCreateUser, apiLogin, apiRoleId } from '../support/api';
import { uniqueUsername } from '../support/env';
import { openUserMenu, signIn } from '../support/ui';

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

test('a user crops a new avatar to a square and saves it', async ({ page, request }) => {
  const username = uniqueUsername('e2e_a');
  const admin = await apiLogin(request);
  await apiCreateUser(request, admin.token, {
    username,
    password: 'Avatar123a',
    confirmpassword: 'Avatar123a',
    realname: `Ava ${username.slice(-6)}`,
    selectedroles: await apiRoleId(request, admin.token, 'installer'),
  });
  await signIn(page, username, 'Avatar123a');

  // A 400 × 300 picture, drawn by the browser itself.
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 400;
    canvas.height = 300;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.fillStyle = '#e8a400';
    context.fillRect(0, 0, 400, 300);
    context.fillStyle = '#1677ff';
    context.fillRect(100, 50, 200, 200);
    return canvas.toDataURL('image/png');
  });

  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'User settings' }).click();
  const settings = page.getByRole('dialog', { name: 'User settings' });
  await settings.getByLabel('Avatar', { exact: true }).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(dataUrl.split(',')[1] ?? '', 'base64') });

  const crop = page.getByRole('dialog', { name: 'Crop your avatar' });
  await expect(crop).toBeVisible();
  const uploaded = page.waitForResponse((response) => response.url().includes('/boot/sys/common/upload') && response.ok());
  await crop.getByRole('button', { name: 'Use this picture' }).click();
  const path = (await (await uploaded).json()).message as string;
  expect(path).toMatch(/^avatar\/\d{8}\/[0-9a-f]{32}\.png$/);

  const saved = page.waitForResponse((response) => response.url().includes('/boot/sys/user/edit_info'));
  await settings.getByRole('button', { name: 'Update information' }).click();
  const profile = await (await saved).json();
  expect(profile).toMatchObject({ success: true, result: { avatar: path } });

  // The stored picture is the square crop.
  const stored = await request.get(`/boot/sys/common/view/${path}`);
  expect(stored.ok()).toBe(true);
  const size = pngSize(await stored.body());
  expect(size.width).toBe(size.height);
  expect(size.width).toBeGreaterThan(0);
  expect(size.width).toBeLessThanOrEqual(300);
});
