import { deviceTopics } from '@cellsight/contract';
import { expect, test } from '@playwright/test';
import { apiLogin, apiRegisterLogger } from '../support/api';
import { adminPassword, adminUsername } from '../support/env';
import { connectLogger, publish } from '../support/logger';
import { sideMenu, signIn } from '../support/ui';

test('what a logger sends wrong shows in its Refused messages, per reason', async ({ page, request }) => {
  const gsn = `E2R${Date.now().toString(36).toUpperCase()}`;
  const key = 'e2e-registration-key';
  const { token } = await apiLogin(request);
  await apiRegisterLogger(request, token, gsn, key);

  // The logger sends an event that ends before it begins (device protocol 4.3) and a payload that is not JSON.
  const logger = await connectLogger(gsn, key);
  try {
    const begin = Date.now() - 60_000;
    await publish(logger, deviceTopics.events(gsn), { v: 1, events: [{ id: 'e2e-1', type: 'fault', code: 'F-OVERTEMP', begin, end: begin - 1000 }] });
    await logger.publishAsync(deviceTopics.status(gsn), 'firmware=2.3.0', { qos: 1 });
  } finally {
    logger.end(true);
  }

  await signIn(page, adminUsername, adminPassword);
  await sideMenu(page).getByText('Loggers', { exact: true }).click();
  await page.getByRole('row').filter({ hasText: gsn }).getByRole('button', { name: `Refused messages of ${gsn}` }).click();
  const drawer = page.getByRole('dialog', { name: `Refused messages of logger ${gsn}` });
  const table = drawer.getByRole('table', { name: `Refused messages of logger ${gsn}` });
  // Refusals are stored every 2 seconds: reopen until both are there.
  await expect(async () => {
    await drawer.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('row').filter({ hasText: gsn }).getByRole('button', { name: `Refused messages of ${gsn}` }).click();
    await expect(table.getByRole('row').filter({ hasText: 'Invalid' })).toBeVisible({ timeout: 1_000 });
    await expect(table.getByRole('row').filter({ hasText: 'Not JSON' })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(table.getByRole('row').filter({ hasText: 'Invalid' })).toContainText('events.0.end');
  await expect(table.getByRole('row').filter({ hasText: 'Not JSON' })).toContainText('firmware=2.3.0');
});
