import { ws } from 'msw';
import type { Envelope, LoginResult, MenuRoute, PublicConfig, UserInfo, UserPermissions } from '@cellsight/contract';

/** Wire fixtures shaped by the contract, for msw handlers in shell tests. */
export const ok = <T>(result: T, code = 200, message = 'ok'): Envelope<T> => ({ success: true, message, code, result, timestamp: Date.now() });

export const fail = (code: number, message: string): Envelope<null> => ({ success: false, message, code, result: null, timestamp: Date.now() });

export const publicConfig: PublicConfig = {
  platformName: 'Cellsight Test',
  defaultRegion: 'EUR',
  regions: [
    { code: 'HK', portalUrl: '', appDownloadUrl: 'https://app.example/hk' },
    { code: 'EUR', portalUrl: '', appDownloadUrl: 'https://app.example/eur' },
  ],
  links: {
    homepage: 'https://cellsight.example',
    community: 'https://cellsight.example/community',
    video: 'https://cellsight.example/videos',
    professional: 'https://cellsight.example/professional',
    privacy: '/privacy',
    terms: '/condition',
  },
  // No tiles or geocoder in tests: nothing may load from outside.
  map: { tileUrl: '', attribution: '', geocoderUrl: '', defaultLat: 30.65699, defaultLon: 104.057641, defaultZoom: 17 },
  signupOpen: true,
  thirdLogin: { oauthName: null, casUrl: null },
  frameSources: [],
};

export const userInfo = (overrides: Partial<UserInfo> = {}): UserInfo => ({
  id: 'u-admin',
  username: 'admin',
  realname: 'Ada Admin',
  avatar: null,
  sex: null,
  email: null,
  phone: null,
  company: null,
  address: null,
  code: null,
  orgCode: null,
  orgCodeTxt: null,
  status: 1,
  createTime: '2024-01-01 00:00:00',
  demo: false,
  platform: true,
  ...overrides,
});

export const loginResult = (overrides: Partial<LoginResult> = {}): LoginResult => ({
  token: 'token-1',
  userInfo: userInfo(),
  sysAllDictItems: {},
  role: 'admin',
  multi_depart: 0,
  departs: [],
  tenantList: [],
  ...overrides,
});

const meta = (title: string, icon?: string): MenuRoute['meta'] => ({ title, keepAlive: false, internalOrExternal: false, componentName: '', permissionList: [], ...(icon ? { icon } : {}) });

/** The seeded menu: System > Users. */
export const systemMenu: MenuRoute[] = [
  {
    id: 'm-system',
    route: '1',
    path: '/system',
    name: 'system',
    component: 'layouts/RouteView',
    redirect: '/system/user',
    meta: meta('System', 'setting'),
    children: [{ id: 'm-system-user', route: '1', path: '/system/user', name: 'system-user', component: 'system/UserList', meta: meta('Users', 'user') }],
  },
];

export const permissions = (menu: MenuRoute[] = systemMenu): UserPermissions => ({ menu, auth: [], allAuth: [], sysSafeMode: false });

/**
 * Accepts the console's live-events socket (it opens once signed in) and stays quiet, so tests
 * that render the shell do not meet an unhandled WebSocket connection.
 */
export const liveEventsSocket = ws.link('*/boot/websocket').addEventListener('connection', () => undefined);

/** The station_type dictionary as the demo seed holds it (the station forms' type select). */
export const stationTypeDict = {
  station_type: [
    { value: '0', text: 'Low voltage', title: 'Low voltage' },
    { value: '1', text: 'High voltage', title: 'High voltage' },
  ],
};
