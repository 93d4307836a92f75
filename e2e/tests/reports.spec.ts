import { expect, test } from '@playwright/test';
import { apiLogin, apiRegisterLogger } from '../support/api';
import { adminPassword, adminUsername } from '../support/env';
import { signIn } from '../support/ui';

test('the administrator defines an online report and picks a row of it through the popup picker into a form', async ({ page, request }) => {
  const admin = await apiLogin(request);
  // Three loggers of this run, found by a common part of their serial numbers.
  const stamp = Date.now().toString(36).toUpperCase();
  const gsns = ['A', 'B', 'C'].map((letter) => `E2ERP${stamp}${letter}`);
  for (const [index, gsn] of gsns.entries()) await apiRegisterLogger(request, admin.token, gsn, `report-key-${stamp}-${index}`);
  const code = `rp_loggers_${stamp.toLowerCase()}`;

  try {
    await signIn(page, adminUsername, adminPassword);
    await page.goto('/online/cgreport');
    // The seeded report is on the list from the start.
    await expect(page.getByRole('cell', { name: 'report_stations', exact: true })).toBeVisible();

    // Define the report: the SQL in the code editor, its columns from "Parse SQL".
    await page.getByRole('button', { name: 'Add report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add report' });
    await dialog.getByLabel('Code', { exact: true }).fill(code);
    await dialog.getByLabel('Name', { exact: true }).fill(`Loggers ${stamp}`);
    const editor = dialog.locator('.cm-content');
    await editor.click();
    await page.keyboard.type("select gsn, case when online then 'online' else 'offline' end as state from report.loggers");
    await dialog.getByRole('button', { name: 'Parse SQL' }).click();
    await expect(dialog.getByLabel('Column', { exact: true })).toHaveCount(2);
    await expect(dialog.getByLabel('Column', { exact: true }).first()).toHaveValue('gsn');
    await dialog.getByLabel('Heading', { exact: true }).first().fill('Serial number');
    await dialog.getByLabel('Heading', { exact: true }).nth(1).fill('Connection');
    await dialog.getByLabel('Searched', { exact: true }).first().check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    // Run it, and use it as a popup picker filling a form.
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: code, exact: true }) });
    await row.getByRole('button', { name: 'Run' }).click();
    const preview = page.getByRole('dialog', { name: `Report: Loggers ${stamp}` });
    await expect(preview.getByRole('cell', { name: gsns[0] as string, exact: true })).toBeVisible();
    const example = preview.locator('#report-popup-example');
    await example.getByLabel('Serial number', { exact: true }).click();

    const picker = page.getByRole('dialog', { name: `Loggers ${stamp}`, exact: true });
    await expect(picker).toBeVisible();
    await picker.getByRole('textbox', { name: 'Serial number' }).fill(`${stamp}B`);
    await picker.getByRole('button', { name: /Search/ }).click();
    await expect(picker.getByRole('cell', { name: gsns[0], exact: true })).toBeHidden();
    await picker.getByRole('cell', { name: gsns[1], exact: true }).click();
    await picker.getByRole('button', { name: 'OK', exact: true }).click();
    await expect(picker).toBeHidden();

    await expect(example.getByLabel('Serial number', { exact: true })).toHaveValue(gsns[1] as string);
    await expect(example.getByLabel('Connection', { exact: true })).toHaveValue('offline');
  } finally {
    const list = await request.get('/boot/online/cgreport/head/list', { params: { code }, headers: { 'X-Access-Token': admin.token } });
    const records = ((await list.json()) as { result?: { records: { id: string }[] } }).result?.records ?? [];
    for (const record of records) await request.delete('/boot/online/cgreport/head/delete', { params: { id: record.id }, headers: { 'X-Access-Token': admin.token } });
  }
});
