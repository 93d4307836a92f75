import { expect, test } from '@playwright/test';
import { apiLogin } from '../support/api';
import { adminPassword, adminUsername } from '../support/env';
import { sideMenu, signIn } from '../support/ui';

test('a page kept alive by its menu entry is found as it was left, after another page', async ({ page }) => {
  await signIn(page, adminUsername, adminPassword);
  const keyWord = page.getByPlaceholder('Station name, logger SN or battery SN');
  await keyWord.fill('typed but not searched');
  // Leave through the menu (no reload), then come back the same way.
  await sideMenu(page).getByRole('menuitem', { name: 'System' }).click();
  await sideMenu(page).getByRole('menuitem', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/system\/user$/);
  await expect(page.getByPlaceholder('Station name, logger SN or battery SN')).toBeHidden();
  await sideMenu(page).getByRole('menuitem', { name: 'Stations' }).click();
  await expect(page).toHaveURL(/\/site\/index$/);
  await expect(keyWord).toHaveValue('typed but not searched');
});

test('an external menu entry that opens inside the console is an iframe page, offered in a new window when the site may not be framed', async ({ page, request }) => {
  const { token } = await apiLogin(request);
  const added = await request.post('/boot/sys/permission/add', {
    headers: { 'X-Access-Token': token, 'tenant-id': '0' },
    data: { name: 'Grafana', menuType: 0, url: 'https://grafana.example.org/d/battery', component: 'layouts/IframePageView', sortNo: 990, internalOrExternal: false, route: true },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const headers = { 'X-Access-Token': token, 'tenant-id': '0' };
  const found = await request.get('/boot/sys/permission/list', { headers, params: { name: 'Grafana' } });
  const permissionId = ((await found.json()).result as { id: string; name: string }[]).find((row) => row.name === 'Grafana')?.id ?? null;
  expect(permissionId).not.toBeNull();
  try {
    // A new menu entry is granted like any other: here to the administrators' role.
    const granted = await request.post('/boot/sys/permission/saveRolePermission', { headers, data: { roleId: 'r-admin', permissionIds: permissionId, lastpermissionIds: '' } });
    expect(granted.ok(), await granted.text()).toBe(true);
    await signIn(page, adminUsername, adminPassword);
    await sideMenu(page).getByRole('menuitem', { name: 'Grafana' }).click();
    await expect(page).toHaveURL(/\/iframe\//);
    await expect(page.getByText('This site may not be shown inside the console.', { exact: false })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open in a new window' })).toHaveAttribute('href', 'https://grafana.example.org/d/battery');
  } finally {
    if (permissionId) await request.delete('/boot/sys/permission/delete', { headers, params: { id: permissionId } });
  }
});
