import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { session } from '@/lib/session';
import { loginResult, ok, permissions, publicConfig, userInfo, liveEventsSocket } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render-app';
import { setViewportWidth } from '@/testing/viewport';
import { appRoutes } from '../router';
import { getSettings, updateSettings } from '../settings/settings';

const server = setupServer(
  liveEventsSocket,
  http.get('/boot/sys/public/config', () => HttpResponse.json(ok(publicConfig))),
  http.get('/boot/sys/permission/getUserPermissionByToken', () => HttpResponse.json(ok(permissions()))),
  // The screens inside the console belong to other features; they get empty answers.
  http.get('/boot/sys/user/list', () => HttpResponse.json(ok({ records: [], total: 0, size: 10, current: 1, pages: 0 }))),
  http.get('/boot/sys/user/queryById', () => HttpResponse.json(ok(userInfo()))),
  http.get('/boot/sys/role/queryall', () => HttpResponse.json(ok([]))),
  // The header bell's unread announcements.
  http.get('/boot/sys/annountCement/listByUser', () => HttpResponse.json(ok({ anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 }))),
  // Where the user may work (the user menu's switch): one department, one tenant.
  http.get('/boot/sys/user/getCurrentUserDeparts', () => HttpResponse.json(ok({ list: [], orgCode: null, tenantList: [{ id: 1, name: 'Cellsight', status: 1 }] }))),
  http.get('/boot/sys/dict/*', () => HttpResponse.json(ok({}))),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  updateSettings({ multipage: false, sidebarCollapsed: false });
});
afterAll(() => server.close());

describe('main layout', () => {
  it('shows home then the page in the breadcrumb, and titles the document', async () => {
    session.start(loginResult());
    renderRoutes(appRoutes, '/account/settings');
    const breadcrumb = await screen.findByRole('navigation', { name: /breadcrumb/i });
    const home = within(breadcrumb).getByRole('link', { name: 'Users' });
    expect(home).toHaveAttribute('href', '/system/user');
    expect(within(breadcrumb).getByText('Account settings')).toBeInTheDocument();
    expect(within(breadcrumb).queryByRole('link', { name: 'Account settings' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Account settings · Cellsight Test'));
  });

  it('lets a user with several departments switch from the user menu', async () => {
    let chosen: unknown;
    server.use(
      http.get('/boot/sys/user/getCurrentUserDeparts', () =>
        HttpResponse.json(
          ok({
            list: [
              { id: 'd1', departName: 'North', orgCode: 'A01', parentId: null },
              { id: 'd2', departName: 'South', orgCode: 'A02', parentId: null },
            ],
            orgCode: 'A01',
            tenantList: [{ id: 1, name: 'Cellsight', status: 1 }],
          }),
        ),
      ),
      http.post('/boot/sys/selectDepart', async ({ request }) => {
        chosen = await request.json();
        return HttpResponse.json(ok({ userInfo: userInfo({ orgCode: 'A02' }) }));
      }),
    );
    session.start(loginResult());
    const user = userEvent.setup({ delay: null });
    renderRoutes(appRoutes, '/account/settings');
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByText('Switch department'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox'));
    await user.click(await screen.findByTitle('South'));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(chosen).toEqual({ orgCode: 'A02', username: 'admin' }));
    await waitFor(() => expect(session.userInfo?.orgCode).toBe('A02'));
  });

  it('moves the menu into a drawer on small screens', async () => {
    setViewportWidth(1000);
    session.start(loginResult());
    const user = userEvent.setup({ delay: null });
    renderRoutes(appRoutes, '/account/settings');
    await screen.findByRole('button', { name: 'User menu' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Expand the menu' }));
    const menu = await screen.findByRole('menu');
    await user.click(await within(menu).findByText('System'));
    await user.click(await within(menu).findByText('Users'));
    await waitFor(() => expect(document.querySelector('.ant-drawer-open')).toBeNull());
  });

  it('keeps a tab per opened page; the home tab cannot be closed', async () => {
    updateSettings({ multipage: true });
    session.start(loginResult());
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(appRoutes, '/system/user');
    const tabs = await screen.findByRole('tablist');
    expect(within(tabs).getAllByRole('tab')).toHaveLength(1);

    await act(() => router.navigate('/account/settings'));
    await waitFor(() => expect(within(tabs).getAllByRole('tab')).toHaveLength(2));

    const removeButtons = within(tabs).getAllByRole('button', { name: /remove/i });
    await user.click(removeButtons[0]!);
    expect(await screen.findByText('The home page cannot be closed!')).toBeInTheDocument();

    // Closing the current tab shows its neighbour.
    await user.click(within(tabs).getAllByRole('button', { name: /remove/i })[1]!);
    await waitFor(() => expect(router.location().pathname).toBe('/system/user'));
    expect(within(tabs).getAllByRole('tab')).toHaveLength(1);
    expect(getSettings().multipage).toBe(true);
  });
});
