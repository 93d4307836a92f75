import { MenuComponent, Permission } from '@cellsight/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { session } from '@/lib/session';
import { fail, loginResult, ok, permissions, publicConfig, systemMenu, userInfo, liveEventsSocket } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render-app';
import { appRoutes } from './router';

const permissionsUrl = '/boot/sys/permission/getUserPermissionByToken';

const server = setupServer(
  liveEventsSocket,
  http.get('/boot/sys/public/config', () => HttpResponse.json(ok(publicConfig))),
  // The screens inside the console (users, account) are another feature's; they get empty answers.
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
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const signedIn = (overrides: Parameters<typeof userInfo>[0] = {}) => session.start(loginResult({ userInfo: userInfo(overrides) }));

describe('route guard', () => {
  it('sends a visitor without a token to the sign-in page with the wanted path', async () => {
    const { router } = renderRoutes(appRoutes, '/system/user?pageNo=2');
    await waitFor(() => expect(router.location().pathname).toBe('/user/login'));
    expect(new URLSearchParams(router.location().search).get('redirect')).toBe('/system/user?pageNo=2');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('signs out and asks for a new sign-in when the permissions cannot be loaded', async () => {
    signedIn();
    server.use(http.get(permissionsUrl, () => HttpResponse.json(fail(4006, 'token expired'), { status: 401 })));
    const { router } = renderRoutes(appRoutes, '/system/user');
    await waitFor(() => expect(router.location().pathname).toBe('/user/login'));
    expect(router.location().search).toBe('?redirect=%2Fsystem%2Fuser');
    expect(session.token).toBeNull();
  });

  it('opens the first menu page from / and marks it in menu, breadcrumb and title', async () => {
    signedIn();
    server.use(http.get(permissionsUrl, () => HttpResponse.json(ok(permissions()))));
    const { router } = renderRoutes(appRoutes, '/');
    await waitFor(() => expect(router.location().pathname).toBe('/system/user'));
    const menu = await screen.findByRole('menu');
    expect(await within(menu).findByText('Users')).toBeInTheDocument();
    // Home is the users page here, so the title is the bare platform name.
    await waitFor(() => expect(document.title).toBe('Cellsight Test'));
  });

  it('lands on account settings when the menu is empty, with a breadcrumb and title', async () => {
    signedIn();
    server.use(http.get(permissionsUrl, () => HttpResponse.json(ok(permissions([])))));
    const { router } = renderRoutes(appRoutes, '/');
    await waitFor(() => expect(router.location().pathname).toBe('/account/settings'));
    expect(await screen.findByRole('button', { name: 'User menu' })).toBeInTheDocument();
  });

  it('opens the own-password change as a page at /want/changePwd, where /want leads, titled in the breadcrumb', async () => {
    signedIn();
    server.use(http.get(permissionsUrl, () => HttpResponse.json(ok(permissions()))));
    const { router } = renderRoutes(appRoutes, '/want');
    await waitFor(() => expect(router.location().pathname).toBe('/want/changePwd'));
    for (const label of ['Old password', 'New password', 'Confirm new password']) expect(await screen.findByLabelText(label)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change password' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText('Change password')).toBeInTheDocument();
  });

  it('sends a signed-in user away from the sign-in page, and unknown paths to /404', async () => {
    signedIn();
    server.use(http.get(permissionsUrl, () => HttpResponse.json(ok(permissions()))));
    const { router } = renderRoutes(appRoutes, '/user/login');
    await waitFor(() => expect(router.location().pathname).toBe('/system/user'));
    await router.navigate('/no/such/page');
    await waitFor(() => expect(router.location().pathname).toBe('/404'));
    expect(await screen.findByText('Sorry, the page you visited does not exist.')).toBeInTheDocument();
  });
});

/** The system menu plus the wizard's hidden page, and the permission to create stations. */
const wizardGrants = () => ({
  ...permissions([
    ...systemMenu,
    { id: 'm-site-add', route: '1', path: '/site/add', name: 'site-add', component: MenuComponent.StationAdd, hidden: true, meta: { title: 'Create station', keepAlive: false, internalOrExternal: false, componentName: '', permissionList: [] } },
  ]),
  auth: [{ action: Permission.StationAdd, type: '1', describe: 'Create stations' }],
});

describe('user menu', () => {
  it('signs out after confirmation, even when the server call fails', async () => {
    signedIn();
    let loggedOut: string | null = null;
    server.use(
      http.get(permissionsUrl, () => HttpResponse.json(ok(permissions()))),
      http.post('/boot/sys/logout', ({ request }) => {
        loggedOut = request.headers.get('x-access-token');
        return HttpResponse.json(fail(500, 'boom'), { status: 500 });
      }),
    );
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(appRoutes, '/system/user');
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByText('Sign out'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Do you really want to sign out?');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.location().pathname).toBe('/user/login'));
    expect(router.location().search).toBe('');
    // The server is told which session ended, although the client forgot it first.
    await waitFor(() => expect(loggedOut).toBe('token-1'));
    expect(session.token).toBeNull();
  });

  it('offers Create site where the menu has the wizard and the user may create stations', async () => {
    signedIn();
    server.use(http.get(permissionsUrl, () => HttpResponse.json(ok(wizardGrants()))));
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(appRoutes, '/system/user');
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByText('Create site'));
    await waitFor(() => expect(router.location().pathname).toBe('/site/add'));
  });

  it('hides create site, user settings and password change from demo accounts', async () => {
    signedIn({ demo: true });
    server.use(http.get(permissionsUrl, () => HttpResponse.json(ok(wizardGrants()))));
    const user = userEvent.setup({ delay: null });
    renderRoutes(appRoutes, '/system/user');
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    expect(await screen.findByText('Sign out')).toBeInTheDocument();
    expect(screen.queryByText('User settings')).not.toBeInTheDocument();
    expect(screen.queryByText('Change password')).not.toBeInTheDocument();
    expect(screen.queryByText('Create site')).not.toBeInTheDocument();
  });
});
