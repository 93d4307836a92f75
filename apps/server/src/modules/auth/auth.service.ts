import {
  type LoginResult,
  type UpdatePasswordRequest,
  type UserInfo,
  ServerCode,
  isStrongPassword,
  limits,
  patterns,
} from '@cellsight/contract';
import { AppError, badRequest, forbidden, invalidField, notFound } from '../../lib/errors.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password.js';
import type { DictService } from '../dict/dict.service.js';
import { LogType, type LogRepository } from '../log/log.repository.js';
import type { PermissionRepository } from '../permission/permission.repository.js';
import type { TenantRepository } from '../tenant/tenant.repository.js';
import type { UserRepository } from '../user/user.repository.js';
import { type SessionRepository, hashToken, newToken } from './session.repository.js';

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

interface Dependencies {
  users: UserRepository;
  sessions: SessionRepository;
  permissions: PermissionRepository;
  tenants: TenantRepository;
  logs: LogRepository;
  dicts: DictService;
  /** Called with session ids that were ended, so open browsers can be told. */
  onSessionsEnded: (sessionIds: string[], reason: 'logout' | 'password-changed') => void;
  now?: () => Date;
}

const wrongCredentials = () => badRequest(ServerCode.WRONG_CREDENTIALS, 'Wrong user name or password');

export const createAuthService = (deps: Dependencies) => {
  const now = deps.now ?? (() => new Date());

  const loginLog = (username: string, realname: string | null, client: ClientInfo, content: string) =>
    deps.logs.add({ logType: LogType.Login, logContent: content, userid: username.slice(0, 64), username: realname, ip: client.ip, requestUrl: '/sys/login', requestType: 'POST' });

  return {
    /**
     * Checks the credentials and opens a session. Unknown users and wrong passwords get the same
     * answer (4007) after the same amount of work; five failures lock the account for 10 minutes.
     */
    async login(username: string, password: string, client: ClientInfo): Promise<LoginResult> {
      const user = await deps.users.findByUsername(username);
      if (!user || user.delFlag !== 0) {
        await verifyPassword(await dummyPasswordHash(), password);
        await loginLog(username, null, client, `Failed sign-in for unknown user "${username.slice(0, 64)}"`);
        throw wrongCredentials();
      }
      const at = now();
      if (user.lockedUntil && user.lockedUntil > at) {
        const minutes = Math.ceil((user.lockedUntil.getTime() - at.getTime()) / 60_000);
        await loginLog(username, user.realname, client, 'Sign-in refused: account locked');
        throw new AppError(ServerCode.ACCOUNT_LOCKED, `Too many failed sign-ins; try again in ${minutes} minute(s)`, 423);
      }
      if (!(await verifyPassword(user.passwordHash, password))) {
        const failures = user.failedLoginCount + 1;
        const lock = failures >= limits.loginFailuresBeforeLock;
        await deps.users.update(user.id, {
          failedLoginCount: lock ? 0 : failures,
          lockedUntil: lock ? new Date(at.getTime() + limits.loginLockMinutes * 60_000) : user.lockedUntil,
        });
        await loginLog(username, user.realname, client, lock ? 'Wrong password; account locked for 10 minutes' : 'Wrong password');
        if (lock) throw new AppError(ServerCode.ACCOUNT_LOCKED, `Too many failed sign-ins; try again in ${limits.loginLockMinutes} minute(s)`, 423);
        throw wrongCredentials();
      }
      if (user.status !== 1) {
        await loginLog(username, user.realname, client, 'Sign-in refused: account frozen');
        throw new AppError(ServerCode.ACCOUNT_FROZEN, 'This account is frozen; contact your administrator', 403);
      }
      if (user.failedLoginCount > 0 || user.lockedUntil) await deps.users.update(user.id, { failedLoginCount: 0, lockedUntil: null });

      const token = newToken();
      await deps.sessions.create({
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(at.getTime() + limits.sessionLifetimeMs),
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, 255) ?? null,
      });
      await loginLog(username, user.realname, client, `User ${username} signed in`);
      const [userInfo, sysAllDictItems, roleCodes, departs, tenantList] = await Promise.all([
        deps.users.findInfo(user.id),
        deps.dicts.all(),
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
    },

    async logout(sessionId: string, username: string, realname: string, client: ClientInfo): Promise<void> {
      await deps.sessions.revoke(sessionId);
      await loginLog(username, realname, client, `User ${username} signed out`);
      deps.onSessionsEnded([sessionId], 'logout');
    },

    /** Self-service password change; every other session of the user is ended. */
    async updatePassword(auth: { userId: string; username: string; sessionId: string; demo: boolean }, body: UpdatePasswordRequest): Promise<void> {
      if (auth.demo) throw new AppError(ServerCode.DEMO_NOT_SUPPORTED, 'The demo access does not support this operation.', 403);
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
      if (!patterns.password.test(body.password)) throw invalidField('password', 'must be 6 to 20 letters or digits');
      if (!isStrongPassword(body.password)) throw invalidField('password', 'must mix letters and digits');
      await deps.users.update(user.id, { passwordHash: await hashPassword(body.password), updateBy: auth.username, updateTime: now() });
      const ended = await deps.sessions.revokeAllForUser(user.id, auth.sessionId);
      deps.onSessionsEnded(ended, 'password-changed');
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
