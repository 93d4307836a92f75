import { deviceTopics } from '@cellsight/contract';
import { expect, type Page, type Request, type Response, test } from '@playwright/test';
import { apiLogin, apiMenu, apiRegisterLogger } from '../support/api';
import { adminPassword, adminUsername } from '../support/env';
import { batterySample, connectLogger, publish } from '../support/logger';
import { menuPages } from '../support/menu';
import { loginText, sideMenu, submitLogin } from '../support/ui';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/**
 * Records every Content Security Policy violation of the page: the `securitypolicyviolation` events
 * (kept on window by an init script, so on every document the page loads) and the console messages
 * Chromium writes for them. `violations()` reads both; call it before a full navigation too.
 */
async function watchCsp(page: Page): Promise<{ violations(): Promise<{ events: string[]; console: string[] }> }> {
  const consoleMessages: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) consoleMessages.push(message.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    window.addEventListener(
      'securitypolicyviolation',
      (event) => window.__cspViolations?.push(`${event.effectiveDirective}: ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`),
      true,
    );
  });
  return {
    async violations() {
      return { events: await page.evaluate(() => window.__cspViolations ?? []), console: [...consoleMessages] };
    },
  };
}

const expectPolicyHeaders = (response: Response | null) => {
  expect(response, 'document response').not.toBeNull();
  const headers = response!.headers();
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('upgrade-insecure-requests');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
};

test('the signed-in console runs under its Content Security Policy without a violation', async ({ page, request }) => {
  // A logger with one battery, so a chart can be opened.
  const gsn = `CSP${Date.now().toString(36).toUpperCase()}`;
  const key = 'e2e-registration-key';
  const { token } = await apiLogin(request);
  await apiRegisterLogger(request, token, gsn, key);
  const logger = await connectLogger(gsn, key);
  try {
    await publish(logger, deviceTopics.state(gsn), { v: 1, online: true, ts: Date.now() });
    await publish(logger, deviceTopics.telemetry(gsn), { v: 1, samples: [batterySample(`${gsn}-B1`)] });

    const csp = await watchCsp(page);
    const document = await page.goto('/user/login');
    expectPolicyHeaders(document);
    await submitLogin(page, adminUsername, adminPassword);
    // The station list (the landing page), and the creation wizard with its map.
    await expect(page).toHaveURL(/\/site\/index$/);
    await expect(page.getByRole('search', { name: 'Search Stations' })).toBeVisible();
    await page.goto('/site/add');
    const wizard = page.getByRole('dialog', { name: 'Create station' });
    await expect(wizard.getByText('Add Logger', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/site\/index$/);

    // Loggers: the list, a logger's batteries, a battery's history and cells charts.
    await sideMenu(page).getByText('Loggers', { exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: gsn });
    await expect(row.getByText('Online')).toBeVisible();
    await row.getByRole('button', { name: /expand/i }).click();
    const battery = page.getByRole('table', { name: `Batteries of logger ${gsn}` }).getByRole('row').filter({ hasText: `${gsn}-B1` });
    await battery.getByRole('button', { name: `History of ${gsn}-B1` }).click();
    await expect(page.getByRole('img', { name: `${gsn}-B1: Last 24 hours` }).locator('canvas')).toBeVisible();
    await page.getByRole('tab', { name: 'Cells' }).click();
    await expect(page.getByRole('img', { name: `Cell voltages of ${gsn}-B1` }).locator('canvas')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    // System -> Users, through the menu (no reload), and its Add user dialog.
    await sideMenu(page).getByText('System', { exact: true }).click();
    await sideMenu(page).getByText('Users', { exact: true }).click();
    await expect(page).toHaveURL(/\/system\/user$/);
    const search = page.getByRole('search', { name: 'Search Users' });
    await expect(search).toBeVisible();
    // Other tests add users before this one runs: find the administrator by name.
    await search.getByLabel('User name', { exact: true }).fill(adminUsername);
    await search.getByRole('button', { name: /Search/ }).click();
    await expect(page.getByRole('cell', { name: adminUsername, exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Add user' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add user' });
    await expect(addDialog.getByLabel('User name', { exact: true })).toBeVisible();
    await addDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(addDialog).toBeHidden();

    // A full load of a deep link: the history-mode fallback answers with the same policy.
    expect(await csp.violations()).toEqual({ events: [], console: [] });
    const deepLink = await page.goto('/system/user');
    expectPolicyHeaders(deepLink);
    await expect(page.getByRole('search', { name: 'Search Users' })).toBeVisible();
    expect(await csp.violations()).toEqual({ events: [], console: [] });
  } finally {
    logger.stream.destroy();
  }
});

/** Requests of the page not answered yet (websockets are not requests), to wait for a page to settle. */
function watchRequests(page: Page): { pending(): string[] } {
  const open = new Set<Request>();
  page.on('request', (request) => open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return { pending: () => [...open].map((request) => request.url()) };
}

/** Goes to `path` inside the web app without loading a document, as its links do. */
const open = (page: Page, path: string) =>
  page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);

/** Waits until the page shows its content: no loading placeholder and no request outstanding. */
async function settled(page: Page, requests: { pending(): string[] }): Promise<void> {
  await expect(page.locator('#root > *').first()).toBeVisible();
  await expect(page.locator('.cs-page-loading')).toHaveCount(0);
  await expect.poll(() => requests.pending(), { timeout: 10_000, intervals: [50, 100, 200] }).toEqual([]);
}

test('every page of the administrator’s menu, and every public page, runs under the policy without a violation or a page error', async ({ page, request }) => {
  // About a minute on an idle machine (51 pages); room for a busy one.
  test.setTimeout(180_000);
  const started = Date.now();
  const { token } = await apiLogin(request);
  const { pages, withParameters } = menuPages(await apiMenu(request, token));
  expect(pages.length, 'pages in the administrator’s menu').toBeGreaterThan(20);

  const csp = await watchCsp(page);
  const requests = watchRequests(page);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(`${new URL(page.url()).pathname}: ${error.message}`));
  const visited: string[] = [];

  // The API docs, then the public pages, signed out: one document (its headers checked), each page
  // reached through the history as the app's own links do.
  expectPolicyHeaders(await page.goto('/boot/docs'));
  await expect(page.getByRole('heading', { name: /Cellsight API/ })).toBeVisible();
  visited.push('/boot/docs');
  // Read before the next document replaces this one's record of violations.
  expect(await csp.violations()).toEqual({ events: [], console: [] });
  expectPolicyHeaders(await page.goto('/404'));
  await settled(page, requests);
  visited.push('/404');
  const publicPages = ['/user/register', '/user/alteration', '/want/findPwd', '/neutral/login', '/privacy', '/condition', '/user/login'];
  for (const path of publicPages) {
    await open(page, path);
    await settled(page, requests);
    visited.push(path);
  }

  // Signed in once; then every menu page through the history (as the menu navigates), and an unknown path.
  await submitLogin(page, adminUsername, adminPassword);
  await expect(page.locator('.cs-content')).toBeVisible();
  await settled(page, requests);
  // The landing page and the dashboards carry the bare platform name as their title; every other page its own.
  const home = new URL(page.url()).pathname;
  const bareTitle = await page.title();
  const titled = (path: string) => path !== home && !path.startsWith('/dashboard/');
  const notRegistered: string[] = [];
  let previous = home;
  for (const { path } of [...pages, { path: '/no-such-page' }]) {
    const previousTitle = await page.title();
    await open(page, path);
    // The title changes once the page is reached.
    if (titled(path)) await expect(page).not.toHaveTitle(titled(previous) ? previousTitle : bareTitle);
    previous = path;
    await settled(page, requests);
    if (new URL(page.url()).pathname === '/404' && path !== '/no-such-page') notRegistered.push(path);
    visited.push(path);
  }
  expect(new URL(page.url()).pathname).toBe('/404');

  const summary = `${visited.length} pages visited (${pages.length} of the administrator’s menu, ${publicPages.length + 2} public, 1 unknown) in ${Math.round((Date.now() - started) / 1000)} s; left out, needing a record: ${withParameters.join(', ') || 'none'}; menu pages the console has no screen for: ${notRegistered.join(', ') || 'none'}`;
  test.info().annotations.push({ type: 'pages visited', description: summary });
  // eslint-disable-next-line no-console -- the count belongs in the run's output
  console.log(`CSP check: ${summary}`);
  expect(notRegistered, 'menu pages that ended on the not-found page').toEqual([]);
  expect(await csp.violations()).toEqual({ events: [], console: [] });
  expect(pageErrors).toEqual([]);
});

test('the API docs page runs under the policy without a violation', async ({ page }) => {
  const csp = await watchCsp(page);
  const document = await page.goto('/boot/docs');
  expectPolicyHeaders(document);
  await expect(page.getByRole('heading', { name: /Cellsight API/ })).toBeVisible();
  // Open one operation: swagger-ui renders its details (and injects its styles) on demand.
  await page.locator('.opblock-summary').first().click();
  await expect(page.getByRole('button', { name: 'Try it out' }).first()).toBeVisible();
  expect(await csp.violations()).toEqual({ events: [], console: [] });
});

test('the violation watcher itself sees a blocked inline script', async ({ page }) => {
  // Guards the two tests above against passing because nothing was watched.
  const csp = await watchCsp(page);
  await page.goto('/user/login');
  await expect(page.getByRole('button', { name: loginText.submit, exact: true })).toBeVisible();
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true;';
    document.head.append(script);
  });
  await expect.poll(async () => (await csp.violations()).events.length).toBeGreaterThan(0);
  expect((await csp.violations()).events[0]).toMatch(/^script-src-elem: inline/);
  expect(await page.evaluate(() => (window as Window & { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
});
