import {
  TenantMessage,
  TenantStatus,
  type Language,
  type LoginResult,
  type UpdatePasswordRequest,
  type UserInfo,
  type Workplaces,
  Permission,
  ServerCode,
  isStrongPassword,
  limits,
  patterns,
} from '@cellsight/contract';
import { AppError, badRequest, forbidden, invalidField, notFound } from '../../lib/errors.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password.js';
import type { DictService } from '../dict/dict.service.js';
import type { LoginThrottle } from './login-throttle.js';
import { LogType } from '@cellsight/contract';
import type { LogBook } from '../log/index.js';
import type { PermissionGrants } from '../permission/index.js';
import type { TenantMembershipRepository } from '../../access/tenant-membership.repository.js';
import type { UserAccounts, UserRow } from '../user/index.js';
import { type SessionRepository, hashToken, newToken } from '../../access/session.repository.js';

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
  /** The console's language: the login answer's dictionaries are in it. */
  language: Language;
}

interface Dependencies {
  users: UserAccounts;
  sessions: SessionRepository;
  permissions: PermissionGrants;
  tenants: TenantMembershipRepository;
  logs: LogBook;
  dicts: DictService;
  throttle: LoginThrottle;
  /** Called with session ids that were ended, so open browsers can be told. */
  onSessionsEnded: (sessionIds: string[], reason: 'logout' | 'password-changed') => void;
  now?: () => Date;
}

const wrongCredentials = () => badRequest(ServerCode.WRONG_CREDENTIALS, 'Wrong user name or password');

export const createAuthService = (deps: Dependencies) => {
  const now = deps.now ?? (() => new Date());

  const loginLog = (username: string, realname: string | null, client: ClientInfo, content: string) =>
    deps.logs.add({ logType: LogType.Login, logContent: content, userid: username.slice(0, 64), username: realname, ip: client.ip, requestUrl: '/sys/login', requestType: 'POST' });

  /**
   * Opens a session for an account whose identity is proven (password, a code sent to its mobile,
   * or an outside provider); a frozen account is refused (4038).
   */
  const openSession = async (user: UserRow, client: ClientInfo, how: 'password' | 'code' | 'provider'): Promise<LoginResult> => {
    if (user.status !== 1) {
      await loginLog(user.username, user.realname, client, 'Sign-in refused: account frozen');
      throw new AppError(ServerCode.ACCOUNT_FROZEN, 'This account is frozen; contact your administrator', 403);
    }
    // A user whose every tenant is frozen has nowhere to work (JeecgBoot refuses the sign-in alike).
    const memberships = await deps.tenants.membershipsOf(user.id);
    if (memberships.length > 0 && memberships.every((tenant) => tenant.status === TenantStatus.Frozen)) {
      await loginLog(user.username, user.realname, client, 'Sign-in refused: every tenant of the account is frozen');
      throw new AppError(ServerCode.ACCOUNT_FROZEN, TenantMessage.frozen, 403);
    }

    const at = now();
    const token = newToken();
    await deps.sessions.create({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(at.getTime() + limits.sessionLifetimeMs),
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 255) ?? null,
    });
    // The platform's mail to the user follows the console language they use.
    if (user.language !== client.language) await deps.users.update(user.id, { language: client.language });
    await loginLog(user.username, user.realname, client, { password: `User ${user.username} signed in`, code: `User ${user.username} signed in with a code sent to their mobile`, provider: `User ${user.username} signed in through an outside provider` }[how]);
    const [userInfo, sysAllDictItems, roleCodes, departs, tenantList] = await Promise.all([
      deps.users.findInfo(user.id),
      deps.dicts.all(client.language),
      deps.permissions.roleCodesForUser(user.id),
      deps.users.departsOf(user.id),
      deps.tenants.activeForUser(user.id),
    ]);
    if (!userInfo) throw notFound('User');
    return {
      token,
      userInfo,
      sysAllDictItems,
      role: roleCodes[0] ?? '',
      multi_depart: departs.length === 0 ? 0 : departs.length === 1 ? 1 : 2,
      departs,
      tenantList,
    };
  };

  /**
   * The live account with this user name and password. Unknown users and wrong passwords get the
   * same answer (4007) after the same amount of work, and the same growing wait after repeated
   * failures from one address (`login-throttle.ts`); accounts are never locked.
   */
  const checkPassword = async (username: string, password: string, client: ClientInfo): Promise<UserRow> => {
    const waitMs = await deps.throttle.waitMs(username, client.ip);
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new AppError(ServerCode.TOO_MANY_REQUESTS, `Too many failed sign-ins; try again in ${seconds} second(s)`, 429);
    }
    const user = await deps.users.findByUsername(username);
    // Unknown users cost a real verification too, so timing tells nothing either.
    const passwordOk = await verifyPassword(user ? user.passwordHash : await dummyPasswordHash(), password);
    if (!user || !passwordOk) {
      await deps.throttle.failed(username, client.ip);
      const live = user !== null && user.delFlag === 0;
      await loginLog(username, live ? user.realname : null, client, live ? 'Wrong password' : `Failed sign-in for unknown user "${username.slice(0, 64)}"`);
      throw wrongCredentials();
    }
    await deps.throttle.succeeded(username, client.ip);
    if (user.delFlag !== 0) {
      // Only the account's own password learns that it was deleted (4030, JeecgBoot's answer); anyone
      // else gets 4007, as for a name that never existed.
      await loginLog(username, user.realname, client, `Sign-in refused: the account ${username.slice(0, 64)} is deleted`);
      throw badRequest(ServerCode.USER_DELETED, 'This account has been deleted');
    }
    return user;
  };

  return {
    /**
     * The device portal's sign-in (`/sys/neutral_login`, spec: the neutral pages): the same check, for
     * accounts that may list loggers, since the portal is the device list, its import and upgrade.
     */
    async neutralLogin(username: string, password: string, client: ClientInfo): Promise<LoginResult> {
      const user = await checkPassword(username, password, client);
      const rows = await deps.permissions.rowsForUser(user.id);
      const codes = new Set(rows.filter((row) => row.status === '1').flatMap((row) => (row.perms ?? '').split(',').map((code) => code.trim())));
      if (!codes.has(Permission.LoggerList)) {
        await loginLog(user.username, user.realname, client, 'Device portal sign-in refused: the account may not list loggers');
        throw forbidden('This account cannot use the device portal');
      }
      return openSession(user, client, 'password');
    },

    /** Checks the credentials (`checkPassword`) and opens a session. */
    async login(username: string, password: string, client: ClientInfo): Promise<LoginResult> {
      return openSession(await checkPassword(username, password, client), client, 'password');
    },

    checkPassword,
    openSession,

    async logout(sessionId: string, username: string, realname: string, client: ClientInfo): Promise<void> {
      await deps.sessions.revoke(sessionId);
      await loginLog(username, realname, client, `User ${username} signed out`);
      deps.onSessionsEnded([sessionId], 'logout');
    },

    /** Self-service password change; every other session of the user is ended. */
    async updatePassword(auth: { userId: string; username: string; sessionId: string }, body: UpdatePasswordRequest): Promise<void> {
      if (body.username && body.username !== auth.username) throw forbidden('You may change only your own password');
      const user = await deps.users.findById(auth.userId);
      if (!user) throw notFound('User');
      if (!(await verifyPassword(user.passwordHash, body.oldpassword))) {
        throw badRequest(ServerCode.OLD_PASSWORD_WRONG, 'The old password is wrong', [{ field: 'oldpassword', message: 'is wrong' }]);
      }
      if (body.password === '') throw badRequest(ServerCode.NEW_PASSWORD_EMPTY, 'The new password must not be empty', [{ field: 'password', message: 'is required' }]);
      if (body.password !== body.confirmpassword) {
        throw badRequest(ServerCode.PASSWORDS_DO_NOT_MATCH, 'The two passwords do not match', [{ field: 'confirmpassword', message: 'must equal password' }]);
      }
      if (!patterns.password.test(body.password)) throw invalidField('password', `must be ${limits.passwordMin} to ${limits.passwordMax} characters without control characters`);
      if (!isStrongPassword(body.password)) throw invalidField('password', 'must mix letters and digits');
      await deps.users.update(user.id, { passwordHash: await hashPassword(body.password), updateBy: auth.username, updateTime: now() });
      const ended = await deps.sessions.revokeAllForUser(user.id, auth.sessionId);
      deps.onSessionsEnded(ended, 'password-changed');
    },

    /** The user's departments, the current one, and their active tenants (for switching after sign-in). */
    async workplaces(userId: string): Promise<Workplaces> {
      const [list, tenantList, user] = await Promise.all([deps.users.departsOf(userId), deps.tenants.activeForUser(userId), deps.users.findById(userId)]);
      return { list, orgCode: user?.orgCode ?? null, tenantList };
    },

    /** Switches the user's current department to one of their own. */
    async selectDepart(userId: string, orgCode: string): Promise<UserInfo> {
      const departs = await deps.users.departsOf(userId);
      if (!departs.some((d) => d.orgCode === orgCode)) throw invalidField('orgCode', 'is not one of your departments');
      await deps.users.update(userId, { orgCode });
      const info = await deps.users.findInfo(userId);
      if (!info) throw notFound('User');
      return info;
    },
  };
};

export type AuthService = ReturnType<typeof createAuthService>;
