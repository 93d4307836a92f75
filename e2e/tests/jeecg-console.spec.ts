import { type Page, type Response, expect, test } from '@playwright/test';
import { apiCreateRole, apiCreateUser, apiLogin, apiRoleGrants, apiRoleId } from '../support/api';
import { adminPassword, adminUsername, uniqueUsername } from '../support/env';
import { type JeecgConsole, jeecgConsoleDist, serveJeecgConsole } from '../support/jeecg-console';

/**
 * JeecgBoot's own Vue 2 console, which nobody here wrote, against the built server: the fairest
 * outside judge of whether the API speaks its contract (docs/jeecg-console.md). Every call it makes
 * under /jeecg-boot must succeed: HTTP 2xx (or 304) and, for an envelope, `success: true`.
 */
const dist = jeecgConsoleDist();

/** The system pages its README names, by the seed menu's addresses: a table (with the seed's records where `rows`), departments a tree. */
const pages: readonly { path: string; rows: boolean; shows?: string }[] = [
  { path: '/system/user', rows: true },
  { path: '/system/role', rows: true },
  { path: '/system/permission', rows: true },
  { path: '/system/depart', rows: true, shows: '.ant-tree' },
  { path: '/system/dict', rows: true },
  { path: '/system/position', rows: false },
  { path: '/system/log', rows: true },
  { path: '/system/annountCement', rows: false },
  { path: '/system/tenant', rows: true },
  { path: '/system/dataLog', rows: false },
  { path: '/system/quartzJob', rows: true },
  { path: '/system/category', rows: false },
  { path: '/system/checkRule', rows: false },
  { path: '/system/fillRule', rows: true },
  { path: '/system/dataSource', rows: false },
];

/** Records every failed API call of the page: an HTTP error, or an envelope that says it failed. */
const watchCalls = (page: Page) => {
  const failed: string[] = [];
  const seen: string[] = [];
  page.on('response', async (response: Response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/jeecg-boot/')) return;
    const call = `${response.request().method()} ${url.pathname}`;
    seen.push(call);
    if (response.status() >= 400) {
      failed.push(`${call}: HTTP ${response.status()}`);
      return;
    }
    if (!(response.headers()['content-type'] ?? '').startsWith('application/json')) return;
    const body = (await response.json().catch(() => null)) as { success?: boolean; code?: number; message?: string } | null;
    if (body && body.success === false) failed.push(`${call}: ${body.code} ${body.message}`);
  });
  return { failed, seen };
};

/**
 * Signs in on its login page. The captcha is the API tests' (captcha.test.ts): its digits are only
 * in the picture, so this sign-in leaves the captcha out, which the API takes as a sign-in without one.
 */
const signIn = async (page: Page, base: string, username: string, password: string) => {
  await page.route('**/jeecg-boot/sys/login', async (route) => {
    const { captcha: _captcha, checkKey: _checkKey, ...body } = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify(body) });
  });
  await page.goto(`${base}/user/login`);
  await expect(page.locator('img[src^="data:image/svg+xml"]')).toBeVisible();
  await page.getByPlaceholder('请输入帐户名 / admin').fill(username);
  await page.getByPlaceholder('请输入密码 / 123456').fill(password);
  await page.getByPlaceholder('请输入验证码').fill('0000');
  await page.locator('button.login-button').click();
  await expect(page).not.toHaveURL(/\/user\/login/);
};

test.describe('JeecgBoot’s own console', () => {
  test.skip(!dist, 'the JeecgBoot console build (shared/clients/jeecg-vue2/dist or JEECG_CONSOLE_DIST) is not on this machine');
  let jeecg: JeecgConsole;

  test.beforeAll(async ({ baseURL }) => {
    jeecg = await serveJeecgConsole(dist as string, baseURL as string);
  });
  test.afterAll(async () => {
    await jeecg?.close();
  });

  test('signs in, opens every system page with its records, adds a user and a dictionary item, authorises a role through its tree, and signs out, with no failed call', async ({ page, request }) => {
    const calls = watchCalls(page);
    await signIn(page, jeecg.url, adminUsername, adminPassword);

    for (const { path, rows, shows = '.ant-table' } of pages) {
      await page.goto(`${jeecg.url}${path}`);
      const list = page.locator(shows).first();
      await expect(list, path).toBeVisible();
      if (rows) await expect(list.locator(shows === '.ant-tree' ? '.ant-tree-treenode, li' : '.ant-table-tbody tr').first(), `${path} lists records`).toBeVisible();
      await expect(page.locator('.ant-spin-spinning'), `${path} finished loading`).toHaveCount(0);
    }

    // Users → Add: its form checks the user name and work number with the duplicate check, demands
    // a password with a special character and an 11-digit mobile, and submits.
    await page.goto(`${jeecg.url}/system/user`);
    await page.getByRole('button', { name: /添加用户/ }).click();
    const field = (label: string) =>
      page.locator('.ant-drawer .ant-form-item, .ant-modal .ant-form-item').filter({ has: page.locator('.ant-form-item-label', { hasText: new RegExp(`^${label}$`) }) }).locator('input').first();
    const username = `jeecg_${Date.now().toString(36)}`;
    await field('用户账号').fill(username);
    await field('登录密码').fill('Passw0rd!2026');
    await field('确认密码').fill('Passw0rd!2026');
    await field('用户姓名').fill('Jeecg Console User');
    await field('工号').fill(`W-${Date.now().toString(36)}`);
    await field('手机号码').fill('13812345678');
    await page.getByRole('button', { name: '提 交' }).click();
    await expect(page.locator('.ant-table-tbody tr', { hasText: username })).toBeVisible();

    // Dictionaries → items → Add: the Ant form sends sort order and state as strings.
    await page.goto(`${jeecg.url}/system/dict`);
    await page.locator('.ant-table-tbody tr').first().getByText('字典配置').click();
    await page.locator('.ant-drawer').getByRole('button', { name: /新\s*增/ }).click();
    const item = (label: string) =>
      page.locator('.ant-modal .ant-form-item').filter({ has: page.locator('.ant-form-item-label', { hasText: new RegExp(`^${label}$`) }) }).locator('input').first();
    const itemValue = `jeecg-${Date.now().toString(36)}`;
    await item('名称').fill('From JeecgBoot');
    await item('数据值').fill(itemValue);
    await page.locator('.ant-modal').getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.locator('.ant-drawer .ant-table-tbody tr', { hasText: itemValue })).toBeVisible();

    // Roles → More → Authorise, on a role of its own (other tests' roles are left alone): one button
    // ticked in the menu tree and saved. Its list shows the newest role first.
    const { token } = await apiLogin(request);
    const roleCode = `jeecg_${Date.now().toString(36)}`;
    const roleId = await apiCreateRole(request, token, { roleName: `JeecgBoot ${roleCode}`, roleCode });
    await page.goto(`${jeecg.url}/system/role`);
    const roleRow = page.locator('.ant-table-tbody tr').filter({ hasText: roleCode });
    await roleRow.getByText('更多').hover();
    await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: '授权' }).click();
    const authorise = page.locator('.ant-drawer-content');
    const exportStations = authorise.locator('.ant-tree-node-content-wrapper', { has: page.locator('.ant-tree-title', { hasText: /^Export stations$/ }) });
    await exportStations.locator('xpath=preceding-sibling::span[contains(@class, "ant-tree-checkbox")]').click();
    await page.getByRole('button', { name: '仅保存' }).click();
    // The tree ticks a node alone (JeecgBoot's default: parent and child not linked): the role grants that button only.
    const named = await request.get('/boot/sys/permission/list', { headers: { 'X-Access-Token': token }, params: { name: 'Export stations' } });
    const buttonIds = ((await named.json()) as { result: { id: string; name: string }[] }).result.filter((row) => row.name === 'Export stations').map((row) => row.id);
    expect(buttonIds).toHaveLength(1);
    await expect.poll(() => apiRoleGrants(request, token, roleId)).toEqual(buttonIds);

    // The analysis dashboard, then sign out from its header.
    await page.goto(`${jeecg.url}/dashboard/analysis`);
    await expect(page.locator('.ant-card').first()).toBeVisible();
    await page.locator('.user-wrapper').getByText('退出登录').click();
    await page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    await expect(page).toHaveURL(/\/user\/login/);
    expect(calls.seen.length).toBeGreaterThan(pages.length);
    expect(calls.failed).toEqual([]);
  });

  test('adds an announcement through its modal, which always sends the category, abstract and times', async ({ page, request }) => {
    const calls = watchCalls(page);
    await signIn(page, jeecg.url, adminUsername, adminPassword);
    await page.goto(`${jeecg.url}/system/annountCement`);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const modal = page.locator('.ant-modal-content').filter({ has: page.locator('.ant-form-item-label', { hasText: '摘要' }) });
    const item = (label: string) => modal.locator('.ant-form-item').filter({ has: page.locator('.ant-form-item-label', { hasText: new RegExp(`^${label}$`) }) });
    const title = `JeecgBoot notice ${Date.now().toString(36)}`;
    await item('消息类型').getByText('通知公告').click();
    await item('标题').locator('input').fill(title);
    await item('摘要').locator('textarea').fill('Written in JeecgBoot’s own console');
    // Its end-time picker takes a typed time in the calendar's own input.
    await item('截至日期').locator('input').first().click();
    await page.locator('.ant-calendar-input').fill('2030-06-30 18:00:00');
    await page.locator('.ant-calendar-ok-btn').click();
    await item('接收用户').getByText('全体用户').click();
    // The calendar has an OK of its own: the modal's is in its footer.
    await modal.locator('.ant-modal-footer').getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.locator('.ant-table-tbody tr', { hasText: title })).toBeVisible();

    // Stored with what the modal sent: its abstract, category and end time.
    const { token } = await apiLogin(request);
    const listed = await request.get('/boot/sys/annountCement/list', { headers: { 'X-Access-Token': token }, params: { titile: title } });
    const rows = ((await listed.json()) as { result: { records: { titile: string; msgAbstract: string | null; msgCategory: string; endTime: string | null }[] } }).result.records;
    expect(rows).toEqual([expect.objectContaining({ titile: title, msgAbstract: 'Written in JeecgBoot’s own console', msgCategory: '1', endTime: '2030-06-30T18:00:00.000Z' })]);
    expect(calls.seen).toContain('POST /jeecg-boot/sys/annountCement/add');
    expect(calls.failed).toEqual([]);
  });

  test('shows an uploaded avatar from its static address', async ({ page, request }) => {
    const calls = watchCalls(page);
    const { token } = await apiLogin(request);
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const uploaded = await request.post('/boot/sys/common/upload', { headers: { 'x-access-token': token }, multipart: { biz: 'avatar', file: { name: 'face.png', mimeType: 'image/png', buffer: png } } });
    const avatar = ((await uploaded.json()) as { message: string }).message;
    const username = uniqueUsername('jeecg_face');
    await apiCreateUser(request, token, { username, password: 'Passw0rd!2026', confirmpassword: 'Passw0rd!2026', realname: 'Face', avatar, selectedroles: await apiRoleId(request, token, 'admin') });

    await signIn(page, jeecg.url, username, 'Passw0rd!2026');
    const image = page.locator('.user-wrapper img').first();
    await expect(image).toHaveAttribute('src', new RegExp(`/jeecg-boot/sys/common/static/${avatar}$`));
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(1);
    expect(calls.seen).toContain(`GET /jeecg-boot/sys/common/static/${avatar}`);
    expect(calls.failed).toEqual([]);
  });
});
