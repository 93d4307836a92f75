import { deviceTopics } from '@cellsight/contract';
import { expect, test } from '@playwright/test';
import { apiCreateUser, apiLogin, apiRegisterLogger, apiRoleId } from '../support/api';
import { uniqueUsername } from '../support/env';
import { batterySample, connectLogger, publish } from '../support/logger';
import { signIn } from '../support/ui';

test('an installer creates a station with a logger through the wizard, lands on it and sees its data arrive', async ({ page, request }) => {
  // An installer, and a logger registered in the installer's tenant, waiting to be bound.
  const username = uniqueUsername('e2e_i');
  const password = 'Install123a';
  const admin = await apiLogin(request);
  await apiCreateUser(request, admin.token, {
    username,
    password,
    confirmpassword: password,
    realname: `Ian ${username.slice(-6)}`,
    selectedroles: await apiRoleId(request, admin.token, 'installer'),
    accountType: 'installer',
  });
  const gsn = `E2EW${Date.now().toString(36).toUpperCase()}`;
  const key = 'e2e-wizard-key-1';
  const productCode = `${gsn}-PACK1`;
  await apiRegisterLogger(request, admin.token, gsn, key);

  await signIn(page, username, password);
  await page.goto('/site/add');
  const wizard = page.getByRole('dialog', { name: 'Create station' });
  await expect(wizard.getByText('Add Logger', { exact: true })).toBeVisible();

  // A wrong key first: the server's refusal lands on that row's key.
  const row = wizard.getByRole('group', { name: 'Logger 1' });
  await row.getByLabel('Logger SN of logger 1').fill(gsn);
  await row.getByLabel('Key of logger 1').fill('not-the-right-key');
  await row.getByLabel('Battery module SN (product code) of logger 1').fill(productCode);
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(row.getByText('The registration key is wrong')).toBeVisible();

  await row.getByLabel('Key of logger 1').fill(key);
  await wizard.getByRole('button', { name: 'Next' }).click();

  // The station's details: name, a point on the map (no tiles and no geocoder here), an image.
  const name = `Wizard ${gsn.slice(-6)}`;
  await wizard.getByLabel('Station name', { exact: true }).fill(name);
  await expect(wizard.getByText(/No map background is configured/)).toBeVisible();
  await wizard.getByRole('application', { name: 'Station location' }).click({ position: { x: 120, y: 80 } });
  await expect(wizard.getByText('Address lookup is not configured: only latitude and longitude are filled in.')).toBeVisible();
  await expect(wizard.getByLabel('Latitude', { exact: true })).not.toHaveValue('');
  await expect(wizard.getByLabel('Longitude', { exact: true })).not.toHaveValue('');
  const png = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.fillStyle = '#2f9e44';
    context.fillRect(0, 0, 64, 48);
    return canvas.toDataURL('image/png');
  });
  const uploaded = page.waitForResponse((response) => response.url().includes('/boot/sys/common/upload') && response.ok());
  await wizard.getByLabel('Station image', { exact: true }).setInputFiles({ name: 'station.png', mimeType: 'image/png', buffer: Buffer.from(png.split(',')[1] ?? '', 'base64') });
  const imagePath = ((await (await uploaded).json()) as { message: string }).message;
  expect(imagePath).toMatch(/^station\/\d{8}\/[0-9a-f]{32}\.png$/);
  await expect(wizard.getByRole('img', { name: 'Station image' })).toBeVisible();

  const created = page.waitForResponse((response) => response.url().includes('/boot/want/tbStation/add_station'));
  await wizard.getByRole('button', { name: 'Save' }).click();
  const answer = (await (await created).json()) as { success: boolean; code: number; message: string };
  expect(answer).toMatchObject({ success: true, code: 1001 });
  const stationId = answer.message;

  await expect(wizard.getByText('The station has been created')).toBeVisible();
  await expect(wizard.getByText(name)).toBeVisible();
  await expect(wizard.getByText(gsn, { exact: true })).toBeVisible();
  await wizard.getByRole('button', { name: 'Confirm' }).click();

  await expect(page).toHaveURL(new RegExp(`/stationmgr/detail\\?id=${stationId}$`));
  await expect(page.getByText(gsn, { exact: true }).first()).toBeVisible();

  // The logger starts reporting: its station's page follows live, without a reload.
  const logger = await connectLogger(gsn, key);
  try {
    await publish(logger, deviceTopics.state(gsn), { v: 1, online: true, ts: Date.now() });
    await expect(page.getByText('1 / 1', { exact: true })).toBeVisible();
    await publish(logger, deviceTopics.telemetry(gsn), { v: 1, samples: [batterySample(`${gsn}-B1`)] });
    await expect(page.getByRole('table', { name: `Batteries of ${name}` }).getByText(`${gsn}-B1`)).toBeVisible();
  } finally {
    logger.end(true);
  }

  // The station stores what the wizard sent.
  const installer = await apiLogin(request, username, password);
  const stored = await request.get('/boot/want/tbStation/queryById', { params: { id: stationId }, headers: { 'X-Access-Token': installer.token, 'tenant-id': '0' } });
  const station = ((await stored.json()) as { result: { name: string; thumbUrl: string; lat: number | null; lon: number | null; timezone: number; loggerCount: number } }).result;
  expect(station).toMatchObject({ name, thumbUrl: imagePath, timezone: 343, loggerCount: 1 });
  expect(station.lat).not.toBeNull();
  expect(station.lon).not.toBeNull();
});
