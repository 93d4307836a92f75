import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apiLogin, apiRegisterLogger } from '../support/api';
import { adminPassword, adminUsername } from '../support/env';
import { onlineLoggerWithBattery } from '../support/logger';
import { signIn } from '../support/ui';

test('a battery’s history, opened from its page, exports what it shows as a CSV file with headings and the reading', async ({ page, request }) => {
  const gsn = `E2EH${Date.now().toString(36).toUpperCase()}`;
  const key = 'e2e-history-key-1';
  const batterySn = `${gsn}-B1`;
  const admin = await apiLogin(request);
  await apiRegisterLogger(request, admin.token, gsn, key);
  const logger = await onlineLoggerWithBattery(gsn, key, batterySn, { soc: 57, power: -2400 });
  try {
    await signIn(page, adminUsername, adminPassword);
    await page.goto(`/battery/detail?batterySn=${batterySn}`);
    await page.getByRole('link', { name: 'History' }).click();
    await expect(page).toHaveURL(new RegExp(`/battery/history\\?batterySn=${batterySn}`));
    const exportCsv = page.getByRole('button', { name: 'Export CSV' });
    // Enabled once the day's points have come (the reading just sent is in today's 5-minute bucket).
    await expect(exportCsv).toBeEnabled();

    const [download] = await Promise.all([page.waitForEvent('download'), exportCsv.click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^Battery history-${batterySn}-day-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const lines = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toContain('Time');
    expect(lines[0]).toContain('SOC (%)');
    expect(lines[0]).toContain('Power (kW)');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^"?\d{4}-\d{2}-\d{2} \d{2}:\d{2}"?,/);
    expect(lines[1]).toContain('57');
    expect(lines[1]).toContain('-2.4');
  } finally {
    logger.end(true);
  }
});
