import { deviceTopics } from '@cellsight/contract';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiCreateUser, apiFindUser, apiLogin, apiRegisterLogger, apiRoleId } from '../support/api';
import { uniqueUsername } from '../support/env';
import { onlineLoggerWithBattery, publish } from '../support/logger';
import { openUserMenu, signIn } from '../support/ui';

/** The outbox's messages to an address (no mail server here: they wait in the outbox). */
async function outboxTo(request: APIRequestContext, token: string, address: string): Promise<{ subject: string; body: string }[]> {
  const response = await request.get(`/boot/sys/outbox/list?recipient=${encodeURIComponent(address)}`, { headers: { 'X-Access-Token': token, 'tenant-id': '0' } });
  return ((await response.json()) as { result: { records: { subject: string; body: string }[] } }).result.records;
}

test('an end user chooses a delay and escalation for faults; a fault open longer than both mails them and their installer', async ({ page, request }) => {
  const installerName = uniqueUsername('e2e_ali');
  const endUserName = uniqueUsername('e2e_ale');
  const password = 'Alarm123456';
  const mail = { installer: `${installerName}@example.com`, endUser: `${endUserName}@example.com` };
  const admin = await apiLogin(request);
  await apiCreateUser(request, admin.token, { username: installerName, password, confirmpassword: password, realname: 'Ina Installer', email: mail.installer, accountType: 'installer', selectedroles: await apiRoleId(request, admin.token, 'installer') });
  const installer = await apiFindUser(request, admin.token, installerName);
  await apiCreateUser(request, admin.token, {
    username: endUserName,
    password,
    confirmpassword: password,
    realname: 'Eva Enduser',
    email: mail.endUser,
    accountType: 'end_user',
    superiorId: installer.id,
    selectedroles: await apiRoleId(request, admin.token, 'end_user'),
  });
  const endUser = await apiFindUser(request, admin.token, endUserName);
  const gsn = `E2EAL${Date.now().toString(36).toUpperCase()}`;
  const key = 'e2e-alarm-key-1';
  const batterySn = `${gsn}-B1`;
  await apiRegisterLogger(request, admin.token, gsn, key);
  const station = await request.post('/boot/want/tbStation/add_station?from=EUR', {
    headers: { 'X-Access-Token': admin.token, 'tenant-id': '0' },
    data: { name: `Alarm home ${endUserName.slice(-5)}`, masterId: endUser.id, logger: JSON.stringify([{ gsn, key, product_code: `${gsn}-M` }]) },
  });
  expect((await station.json()) as { success: boolean }).toMatchObject({ success: true });

  // The installer wants no alarm mail of their own: what reaches them is the escalation alone.
  const installerSession = await apiLogin(request, installerName, password);
  const quiet = await request.put('/boot/sys/alarmNotification/rules', { headers: { 'X-Access-Token': installerSession.token }, data: { rules: [] } });
  expect((await quiet.json()) as { success: boolean }).toMatchObject({ success: true });

  // The end user's rule: faults on all stations, after 2 minutes, escalated after 3.
  await signIn(page, endUserName, password);
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'User settings' }).click();
  const settings = page.getByRole('dialog', { name: 'User settings' });
  await settings.getByRole('tab', { name: 'Notifications' }).click();
  await settings.getByLabel('Delay (minutes)').fill('2');
  await settings.getByLabel('Escalate after (minutes)').fill('3');
  await settings.getByRole('button', { name: 'Save notifications' }).click();
  await expect(page.getByText('Saved successfully')).toBeVisible();

  // A fault that began 5 minutes ago (the logger reports it late), still open and unacknowledged.
  const logger = await onlineLoggerWithBattery(gsn, key, batterySn);
  try {
    await publish(logger, deviceTopics.events(gsn), { v: 1, events: [{ id: `${gsn}-1`, batterySn, type: 'fault', code: 'F-OVERTEMP', category: 'temperature', begin: Date.now() - 5 * 60_000 }] });
    await expect.poll(async () => (await outboxTo(request, admin.token, mail.endUser)).length, { timeout: 20_000 }).toBe(1);
    const [alarm] = await outboxTo(request, admin.token, mail.endUser);
    expect(alarm!.subject).toContain('F-OVERTEMP');
    expect(alarm!.body).toContain(batterySn);
    // Nobody acknowledged it within 3 minutes: the installer hears of it too.
    await expect.poll(async () => (await outboxTo(request, admin.token, mail.installer)).length, { timeout: 20_000 }).toBe(1);
    expect((await outboxTo(request, admin.token, mail.installer))[0]!.subject).toContain('unacknowledged fault F-OVERTEMP');
    // And only once each, however often delivery runs.
    await page.waitForTimeout(5000);
    expect(await outboxTo(request, admin.token, mail.endUser)).toHaveLength(1);
    expect(await outboxTo(request, admin.token, mail.installer)).toHaveLength(1);
  } finally {
    logger.end(true);
  }
});
