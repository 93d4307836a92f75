import { deviceTopics } from '@cellsight/contract';
import { expect, test } from '@playwright/test';
import { apiLogin, apiRegisterLogger } from '../support/api';
import { adminPassword, adminUsername } from '../support/env';
import { batterySample, connectLogger, publish } from '../support/logger';
import { sideMenu, signIn } from '../support/ui';

test('a logger that connects, reports and drops off shows up live on the Loggers screen', async ({ page, request }) => {
  const gsn = `E2E${Date.now().toString(36).toUpperCase()}`;
  const key = 'e2e-registration-key';
  const { token } = await apiLogin(request);
  await apiRegisterLogger(request, token, gsn, key);

  await signIn(page, adminUsername, adminPassword);
  await sideMenu(page).getByText('Loggers', { exact: true }).click();
  await expect(page).toHaveURL(/\/collector\/index$/);
  const row = page.getByRole('row').filter({ hasText: gsn });
  await expect(row.getByText('Offline')).toBeVisible();

  // The logger comes online and reports one battery: the open screen follows without a reload.
  const logger = await connectLogger(gsn, key);
  try {
    await publish(logger, deviceTopics.state(gsn), { v: 1, online: true, ts: Date.now() });
    await expect(row.getByText('Online')).toBeVisible();
    await publish(logger, deviceTopics.telemetry(gsn), { v: 1, samples: [batterySample(`${gsn}-B1`)] });
    // The new battery is announced too: the row can be opened without a reload.
    await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();
    await row.getByRole('button', { name: /expand/i }).click();
    const batteries = page.getByRole('table', { name: `Batteries of logger ${gsn}` });
    const battery = batteries.getByRole('row').filter({ hasText: `${gsn}-B1` });
    await expect(battery.getByText('Discharging')).toBeVisible();
    await expect(battery.getByText('-2.40 kW')).toBeVisible();
    await expect(battery.getByText('6.75 kWh')).toBeVisible();

    // Its history is charted from the rollups the sample went into.
    await battery.getByRole('button', { name: `History of ${gsn}-B1` }).click();
    await expect(page.getByRole('img', { name: `${gsn}-B1: Last 24 hours` }).locator('canvas')).toBeVisible();
    await page.getByText('Last 30 days').click();
    await expect(page.getByRole('img', { name: `${gsn}-B1: Last 30 days` })).toBeVisible();
    // And its cells, from the same sample.
    await page.getByRole('tab', { name: 'Cells' }).click();
    await expect(page.getByRole('img', { name: `Cell voltages of ${gsn}-B1` }).locator('canvas')).toBeVisible();
    await expect(page.getByText('Highest (cell 2)')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  } finally {
    // Losing the connection without a goodbye: the broker publishes the will.
    logger.stream.destroy();
  }
  await expect(row.getByText('Offline')).toBeVisible();
});
