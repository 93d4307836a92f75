import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiLogin, apiRegisterLogger } from '../support/api';
import { adminPassword, adminUsername } from '../support/env';
import { answer, nextCommand, onlineLoggerWithBattery } from '../support/logger';
import { signIn } from '../support/ui';

const unique = () => Date.now().toString(36).toUpperCase();

test('a remote setting reaches the battery, and the device’s refusal shows in words without a reload', async ({ page, request }) => {
  const gsn = `E2ES${unique()}`;
  const key = 'e2e-settings-key';
  const batterySn = `${gsn}-B1`;
  const admin = await apiLogin(request);
  await apiRegisterLogger(request, admin.token, gsn, key);
  const logger = await onlineLoggerWithBattery(gsn, key, batterySn, { workMode: 'self-use' });
  try {
    await signIn(page, adminUsername, adminPassword);
    await page.goto(`/battery/detail?batterySn=${batterySn}`);
    await page.getByRole('tab', { name: 'Remote setting' }).click();
    await page.getByRole('spinbutton', { name: 'EOD (end-of-discharge voltage)' }).fill('46.5');
    const received = nextCommand(logger);
    await page.getByRole('button', { name: 'Send settings' }).click();
    const command = await received;
    expect(command).toMatchObject({ op: 'settings', batterySn });
    expect(JSON.parse(command.val)).toEqual({ eod: 46.5 });

    await answer(logger, gsn, { id: command.id, code: 4, message: 'eod expects an integer on this BMS' });
    const progress = page.getByRole('status', { name: 'Progress of the Remote setting command' });
    await expect(progress.getByText('Remote setting: the battery refused')).toBeVisible();
    await expect(progress.getByText('Wrong parameter type (4): eod expects an integer on this BMS')).toBeVisible();
  } finally {
    logger.end(true);
  }
});

test('an administrator puts firmware in the library; an upgrade downloads it, reports its progress and finishes, and a second one within 5 minutes is refused', async ({ page, request }) => {
  const gsn = `E2EU${unique()}`;
  const key = 'e2e-upgrade-key';
  const batterySn = `${gsn}-B1`;
  const version = `9.${Date.now() % 1000}.0`;
  const firmware = Buffer.from(`BMS firmware ${version} `.repeat(200));
  const sha256 = createHash('sha256').update(firmware).digest('hex');
  const admin = await apiLogin(request);
  await apiRegisterLogger(request, admin.token, gsn, key);
  const logger = await onlineLoggerWithBattery(gsn, key, batterySn, { swVersion: '9.0.0' });
  try {
    await signIn(page, adminUsername, adminPassword);
    await page.goto('/system/firmware');
    await page.getByRole('button', { name: 'Upload firmware' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload firmware' });
    await dialog.locator('input[type="file"]').setInputFiles({ name: `bms-${version}.bin`, mimeType: 'application/octet-stream', buffer: firmware });
    await expect(dialog.getByText(sha256)).toBeVisible();
    await dialog.getByLabel('Version').fill(version);
    await dialog.getByLabel('SHA-256 checksum').fill(sha256);
    await expect(dialog.getByText(/Matches this file's SHA-256/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByText(`Firmware ${version} is in the library`)).toBeVisible();
    await expect(page.getByRole('cell', { name: version, exact: true })).toBeVisible();

    await page.goto(`/battery/detail?batterySn=${batterySn}`);
    await page.getByRole('tab', { name: 'Remote upgrade' }).click();
    await page.getByRole('combobox', { name: 'Firmware version' }).click();
    await page.getByTitle(new RegExp(`^${version.replaceAll('.', '\\.')}`)).click();
    const received = nextCommand(logger);
    await page.getByRole('button', { name: 'Start upgrade' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Start upgrade' }).click();
    const command = await received;
    const target = JSON.parse(command.val) as { version: string; url: string; size: number; sha256: string };
    expect(target).toMatchObject({ version, size: firmware.length, sha256 });

    // The logger downloads the file from the address in the command and checks it, as the protocol says.
    await answer(logger, gsn, { id: command.id, code: 0, upgradeState: 'downloading', progress: 0 });
    const download = await request.get(target.url);
    expect(download.ok()).toBe(true);
    expect(createHash('sha256').update(await download.body()).digest('hex')).toBe(target.sha256);
    await answer(logger, gsn, { id: command.id, code: 0, upgradeState: 'downloading', progress: 60 });
    const progress = page.getByRole('status', { name: 'Progress of the Upgrade command' });
    await expect(progress.getByText('Downloading the firmware')).toBeVisible();
    await expect(progress.getByRole('progressbar', { name: 'Upgrade progress' })).toHaveAttribute('aria-valuenow', '60');
    await answer(logger, gsn, { id: command.id, code: 0, upgradeState: 'installing', progress: 100 });
    await answer(logger, gsn, { id: command.id, code: 0, upgradeState: 'succeeded', progress: 100 });
    await expect(progress.getByText(/Upgrade succeeded/)).toBeVisible();

    // The 5-minute cool-down (spec section 5), in words.
    await page.getByRole('button', { name: 'Start upgrade' }).first().click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Start upgrade' }).click();
    await expect(page.getByText('Less than 5 minutes since the last upgrade: wait a moment before the next.')).toBeVisible();
  } finally {
    logger.end(true);
  }
});
