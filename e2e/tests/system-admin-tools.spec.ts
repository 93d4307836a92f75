import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { adminPassword, adminUsername } from '../support/env';
import { signIn, storedToken } from '../support/ui';

test('System → Monitoring shows this server process, the database tables and the broker', async ({ page }) => {
  await signIn(page, adminUsername, adminPassword);
  await page.goto('/system/monitor');
  await expect(page.getByText('System monitoring')).toBeVisible();
  await expect(page.getByText(/^PID \d+ on /)).toBeVisible();
  await expect(page.getByText('Cellsight version')).toBeVisible();
  await page.getByRole('tab', { name: 'Database' }).click();
  await expect(page.getByRole('cell', { name: 'sys_user', exact: true })).toBeVisible();
  await expect(page.getByText(/keeps no activity statistics/)).toBeVisible();
  await page.getByRole('tab', { name: 'Broker and ingestion' }).click();
  await expect(page.getByText('Loggers online')).toBeVisible();
  await page.getByRole('tab', { name: 'Redis' }).click();
  await expect(page.getByText(/No Redis is configured/)).toBeVisible();
});

test('System → Gateway routes: add a route and test it against a local server', async ({ page }) => {
  const server: Server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ pong: request.headers['x-probe'] ?? null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    await signIn(page, adminUsername, adminPassword);
    await page.goto('/system/gatewayRoute');
    await page.getByRole('button', { name: 'Add gateway route' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add gateway route' });
    await dialog.getByLabel('Code', { exact: true }).fill('probe');
    await dialog.getByLabel('Name', { exact: true }).fill('Local probe');
    await dialog.getByLabel('URL', { exact: true }).fill(`http://127.0.0.1:${port}/ping`);
    await dialog.getByLabel('Headers (JSON)', { exact: true }).fill('{"X-Probe": "hello", "Authorization": "Bearer secret-value-9876"}');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'probe', exact: true }) });
    await row.getByRole('button', { name: 'Test' }).click();
    const result = page.getByRole('dialog', { name: 'Test: Local probe' });
    await expect(result.getByText('200 OK')).toBeVisible();
    await expect(result.getByText('{"pong":"hello"}')).toBeVisible();
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test('System → Files lists an upload with where it is used and previews it', async ({ page, request }) => {
  await signIn(page, adminUsername, adminPassword);
  const token = await storedToken(page);
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const uploaded = await request.post('/boot/sys/common/upload', { headers: { 'x-access-token': String(token) }, multipart: { biz: 'temp', file: { name: 'e2e-dot.png', mimeType: 'image/png', buffer: png } } });
  expect(uploaded.ok()).toBe(true);
  await page.goto('/system/file');
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'e2e-dot.png', exact: true }) });
  await expect(row.getByText('Unused')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Delete' })).toBeVisible();
  await row.getByRole('button', { name: 'Preview' }).click();
  const dialog = page.getByRole('dialog', { name: 'e2e-dot.png' });
  await expect(dialog.getByRole('img', { name: 'e2e-dot.png' })).toBeVisible();
});
