import { deviceTopics } from '@cellsight/contract';
import { expect, test } from '@playwright/test';
import { apiLogin, apiRegisterLogger } from '../support/api';
import { adminPassword, adminUsername } from '../support/env';
import { onlineLoggerWithBattery, publish } from '../support/logger';
import { signIn } from '../support/ui';

test('an event a logger raises appears on the events screen without a reload, named and with the battery’s readings at its start', async ({ page, request }) => {
  const gsn = `E2EE${Date.now().toString(36).toUpperCase()}`;
  const key = 'e2e-events-key-1';
  const batterySn = `${gsn}-B1`;
  const admin = await apiLogin(request);
  await apiRegisterLogger(request, admin.token, gsn, key);
  const logger = await onlineLoggerWithBattery(gsn, key, batterySn, { soc: 41 });
  try {
    await signIn(page, adminUsername, adminPassword);
    await page.goto('/site/events');
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('cell', { name: batterySn })).toHaveCount(0);

    await publish(logger, deviceTopics.events(gsn), { v: 1, events: [{ id: `${gsn}-1`, batterySn, type: 'fault', code: 'F-OVERTEMP', category: 'temperature', begin: Date.now() - 1000 }] });
    const row = page.getByRole('row').filter({ hasText: batterySn });
    await expect(row).toBeVisible();
    await expect(row.getByText('Overtemperature fault')).toBeVisible();
    // The SOC at its start, in a cell of its own (the logger's serial, made of the clock, may hold "41" too).
    await expect(row.getByRole('cell', { name: /^41(\D|$)/ })).toBeVisible();
  } finally {
    logger.end(true);
  }
});
