import { type APIRequestContext, type APIResponse } from '@playwright/test';
import type { LoginResult, MemberAddRequest, MenuRoute, RoleOption, UserAddRequest, UserPermissions } from '@cellsight/contract';
import { adminPassword, adminUsername } from './env';

/** The server's answer envelope (`{success, message, code, result, timestamp}`). */
interface Envelope<T> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

const headers = (token?: string): Record<string, string> => ({ 'tenant-id': '0', ...(token ? { 'X-Access-Token': token } : {}) });

async function envelope<T>(response: APIResponse, what: string): Promise<Envelope<T>> {
  const text = await response.text();
  let body: Envelope<T>;
  try {
    body = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new Error(`${what}: HTTP ${response.status()} with a body that is not JSON: ${text.slice(0, 300)}`);
  }
  if (!response.ok() || !body.success) {
    throw new Error(`${what}: HTTP ${response.status()}, code ${body.code}: ${body.message}`);
  }
  return body;
}

/** Signs in through the API; returns the token and the rest of the login result. */
export async function apiLogin(request: APIRequestContext, username = adminUsername, password = adminPassword): Promise<LoginResult> {
  const response = await request.post('/boot/sys/login', { data: { username, password }, headers: headers() });
  return (await envelope<LoginResult>(response, `login as ${username}`)).result;
}

/** Ends a session on the server (its token is refused from then on). */
export async function apiLogout(request: APIRequestContext, token: string): Promise<void> {
  const response = await request.post('/boot/sys/logout', { headers: headers(token) });
  await envelope<null>(response, 'logout');
}

export async function apiRoles(request: APIRequestContext, token: string): Promise<RoleOption[]> {
  const response = await request.get('/boot/sys/role/queryall', { headers: headers(token) });
  return (await envelope<RoleOption[]>(response, 'list roles')).result;
}

/** Creates a user as the given (administrator) token. */
export async function apiCreateUser(request: APIRequestContext, token: string, user: UserAddRequest): Promise<void> {
  const response = await request.post('/boot/sys/user/add', { data: user, headers: headers(token) });
  await envelope<unknown>(response, `add user ${user.username}`);
}

/** Creates an account on the Members screen's call as the given token (an administrator, distributor or installer); returns its id. */
export async function apiCreateMember(request: APIRequestContext, token: string, member: MemberAddRequest): Promise<string> {
  const response = await request.post('/boot/member/add', { data: member, headers: headers(token) });
  return (await envelope<string>(response, `add member ${member.username}`)).result;
}

/** Checks a token against the server: true when it still opens an authenticated call. */
export async function apiTokenWorks(request: APIRequestContext, token: string): Promise<boolean> {
  const response = await request.get('/boot/sys/permission/getUserPermissionByToken', { headers: headers(token) });
  return response.ok();
}

interface UserPage {
  records: { id: string; username: string; status: number }[];
  total: number;
}

/** Finds a user by exact user name through the list API (the filter matches parts of names). */
export async function apiFindUser(request: APIRequestContext, token: string, username: string): Promise<{ id: string; username: string; status: number }> {
  const response = await request.get('/boot/sys/user/list', { params: { username, pageNo: 1, pageSize: 50 }, headers: headers(token) });
  const page = (await envelope<UserPage>(response, `find user ${username}`)).result;
  const user = page.records.find((r) => r.username === username);
  if (!user) throw new Error(`user ${username} not found`);
  return user;
}

/** Freezes (2) or unfreezes (1) users. */
export async function apiSetFrozen(request: APIRequestContext, token: string, ids: string[], frozen: boolean): Promise<void> {
  const response = await request.put('/boot/sys/user/frozenBatch', { data: { ids: ids.join(','), status: frozen ? 2 : 1 }, headers: headers(token) });
  await envelope<unknown>(response, 'freeze users');
}

/** Id of the role with the given code (e.g. 'admin'). */
export async function apiRoleId(request: APIRequestContext, token: string, roleCode: string): Promise<string> {
  const role = (await apiRoles(request, token)).find((r) => r.roleCode === roleCode);
  if (!role) throw new Error(`no role with code ${roleCode}`);
  return role.id;
}

/** Adds a role (`POST /sys/role/add`); its id. */
export async function apiCreateRole(request: APIRequestContext, token: string, role: { roleName: string; roleCode: string }): Promise<string> {
  const response = await request.post('/boot/sys/role/add', { headers: headers(token), data: role });
  return (await envelope<string>(response, `add role ${role.roleCode}`)).result;
}

/** The menu and button ids a role grants (`GET /sys/permission/queryRolePermission`). */
export async function apiRoleGrants(request: APIRequestContext, token: string, roleId: string): Promise<string[]> {
  const response = await request.get('/boot/sys/permission/queryRolePermission', { headers: headers(token), params: { roleId } });
  return (await envelope<string[]>(response, `grants of role ${roleId}`)).result;
}

/** Registers a logger (SN and registration key) so it may connect over MQTT. */
export async function apiRegisterLogger(request: APIRequestContext, token: string, gsn: string, key: string): Promise<void> {
  const response = await request.post('/boot/want/logger/registerBatch', { data: { loggers: [{ gsn, key, timezone: 'Europe/Berlin' }] }, headers: headers(token) });
  await envelope<unknown>(response, `register logger ${gsn}`);
}

/** The signed-in user's menu tree, as the console receives it. */
export async function apiMenu(request: APIRequestContext, token: string): Promise<MenuRoute[]> {
  const response = await request.get('/boot/sys/permission/getUserPermissionByToken', { headers: headers(token) });
  return (await envelope<UserPermissions>(response, 'menu of the signed-in user')).result.menu;
}
