import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiLogin } from '../support/api';
import { signIn } from '../support/ui';
import { adminPassword, adminUsername } from '../support/env';

const heartbeat = 'scheduler.heartbeat';

/** The ids of heartbeat jobs (one at most: one job per task), to clean up around the spec. */
async function heartbeatJobIds(request: APIRequestContext, token: string): Promise<string[]> {
  const response = await request.get('/boot/sys/quartzJob/list', { params: { jobClassName: heartbeat, pageSize: 50 }, headers: { 'X-Access-Token': token } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { result: { records: { id: string }[] } }).result.records.map((job) => job.id);
}

test('the administrator schedules a job every 2 seconds with the cron editor and sees it run', async ({ page, request }) => {
  const admin = await apiLogin(request);
  const removeHeartbeat = async () => {
    const ids = await heartbeatJobIds(request, admin.token);
    if (ids.length > 0) await request.delete('/boot/sys/quartzJob/deleteBatch', { params: { ids: ids.join(',') }, headers: { 'X-Access-Token': admin.token } });
  };
  // One job per task: a job left by an earlier run of this spec goes first.
  await removeHeartbeat();
  const parameter = `e2e-${Date.now().toString(36)}`;

  try {
    await signIn(page, adminUsername, adminPassword);
    await page.goto('/system/quartzJob');
    // The platform's housekeeping is on the list from the start.
    await expect(page.getByRole('cell', { name: /Time out unanswered commands/ })).toBeVisible();

    await page.getByRole('button', { name: 'Add job' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add job' });
    // The task list loads after the dialog opens: choose again until the choice shows in the field.
    const task = `Scheduler heartbeat (records its parameter) (${heartbeat})`;
    await expect(async () => {
      await dialog.getByLabel('Task', { exact: true }).click();
      await page.getByTitle(task).click({ timeout: 2_000 });
      await expect(dialog.getByTitle(task)).toBeVisible({ timeout: 1_000 });
    }).toPass();

    // Every minute, then the second part's increment mode with a step of 2.
    await dialog.getByRole('tab', { name: 'Minute' }).click();
    await dialog.getByRole('radiogroup', { name: 'Minute' }).getByRole('radio', { name: 'Every minute', exact: true }).check();
    await dialog.getByRole('tab', { name: 'Second' }).click();
    const seconds = dialog.getByRole('radiogroup', { name: 'Second' });
    await seconds.getByRole('radio', { name: /Every .* seconds, starting at second/ }).check();
    await seconds.getByRole('spinbutton', { name: 'Step' }).fill('2');
    await seconds.getByRole('spinbutton', { name: 'Step' }).blur();
    await expect(dialog.getByRole('textbox', { name: 'Cron expression' })).toHaveValue('0/2 * * * * ?');
    await expect(dialog.getByRole('list', { name: 'Next 5 fire times' }).getByRole('listitem')).toHaveCount(5);

    await dialog.getByLabel('Parameter', { exact: true }).fill(parameter);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: heartbeat });
    await expect(row).toContainText('0/2 * * * * ?');
    await expect(row).toContainText('Running');
    await row.getByRole('button', { name: 'Runs' }).click();
    const drawer = page.getByRole('dialog', { name: /Last runs: Scheduler heartbeat/ });
    // The drawer reads the runs again every few seconds: the job has fired by then.
    await expect(drawer.getByRole('row').filter({ hasText: `Heartbeat: ${parameter}` }).first()).toContainText('OK', { timeout: 15_000 });
  } finally {
    await removeHeartbeat();
  }
});
