import {
  type AlterationRequest,
  type LoginResult,
  type PasswordChangeRequest,
  type PhoneLoginRequest,
  type PhoneVerificationRequest,
  type RegisterRequest,
  type SendCodeRequest,
  AccountType,
  RoleCode,
  ServerCode,
  UserStatus,
  type Words,
  contactChangedMessage,
  fillWordsIn,
  maskedAddress,
  verificationPurposes,
} from '@cellsight/contract';
import { defaultTenant } from '../../db/seed-data.js';
import { uniqueViolation } from '../../db/database-errors.js';
import { AppError, badRequest, invalidField } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/password.js';
import type { OutboxService } from '../outbox/outbox.service.js';
import type { RoleDirectory } from '../role/index.js';
import type { TenantMembershipRepository } from '../../access/tenant-membership.repository.js';
import type { Executor, UserAccounts, UserRow } from '../user/index.js';
import type { CodeTarget, VerificationService } from './verification.service.js';
import type { AuthService, ClientInfo } from './auth.service.js';
import type { SessionRepository } from '../../access/session.repository.js';

interface Dependencies {
  users: UserAccounts;
  roles: RoleDirectory;
  tenants: TenantMembershipRepository;
  sessions: SessionRepository;
  codes: VerificationService;
  auth: Pick<AuthService, 'checkPassword' | 'openSession'>;
  signup: { open: boolean; installer: string | null };
  onSessionsEnded: (sessionIds: string[], reason: 'password-changed') => void;
  onUsersChanged: (ids: string[]) => void;
  /** Tells the old address of a change of contact (the outbox's mail and SMS). */
  outbox: Pick<OutboxService, 'sendMail' | 'sendSms'>;
  platformName: string;
  warn: (error: unknown, what: string) => void;
}

type ContactField = 'phone' | 'email';
const taken = {
  phone: () => badRequest(ServerCode.MOBILE_REGISTERED, 'This mobile number is already registered', [{ field: 'phone', message: 'is already registered' }]),
  email: () => badRequest(ServerCode.EMAIL_REGISTERED, 'This e-mail address is already registered', [{ field: 'email', message: 'is already registered' }]),
};
const passwordsDiffer = () => badRequest(ServerCode.PASSWORDS_DO_NOT_MATCH, 'The two passwords do not match', [{ field: 'confirmPassword', message: 'must equal password' }]);

/** Where the request's code goes or went: its mobile number (`mobile` or `phone`) by SMS, else its e-mail address by mail. */
const contactOf = (body: { mobile?: string; phone?: string; email?: string }): CodeTarget & { field: ContactField } => {
  const mobile = body.mobile ?? body.phone;
  return mobile ? { channel: 'sms', address: mobile, field: 'phone' } : { channel: 'mail', address: body.email ?? '', field: 'email' };
};
const holds = (user: UserRow, contact: { field: ContactField; address: string }): boolean =>
  contact.field === 'email' ? user.email?.toLowerCase() === contact.address.toLowerCase() : user.phone === contact.address;

/**
 * What a visitor does for themselves with a code sent to their mobile or e-mail: register an
 * end-user account, set a new password when the old one is forgotten, give an account a new mobile
 * or e-mail, and sign in by mobile. Where telling "no such account" would help someone probe for
 * accounts (find password, phone sign-in), asking for a code answers the same whether or not one
 * was sent, and a code that does not let the caller in is refused in the same words whatever the
 * reason (the verification service's `refused`), the account being looked up either way.
 */
export const createSelfService = (deps: Dependencies) => {
  /** The installer or distributor a new account goes under: who invited it, else the configured one. */
  const superiorFor = async (invite: string | undefined): Promise<UserRow | null> => {
    if (invite) {
      const inviter = await deps.users.findInviter(invite);
      // 4009 (code does not exist), on the field, as spec section 8 names it.
      if (!inviter) throw badRequest(ServerCode.CODE_DOES_NOT_EXIST, 'invite: is not the code of an installer or distributor', [{ field: 'invite', message: 'is not the code of an installer or distributor' }]);
      return inviter;
    }
    if (!deps.signup.installer) return null;
    const installer = await deps.users.findByUsername(deps.signup.installer);
    const usable = installer && installer.delFlag === 0 && (installer.accountType === AccountType.Installer || installer.accountType === AccountType.Distributor);
    return usable ? installer : null;
  };
  const tenantOf = async (user: UserRow | null): Promise<number> => (user ? (await deps.tenants.activeForUser(user.id))[0]?.id : undefined) ?? defaultTenant.id;

  const assertFree = async (contact: { field: ContactField; address: string }, exceptId?: string) => {
    if (await deps.users.isTaken(contact.field, contact.address, exceptId)) throw taken[contact.field]();
  };
  /** The account a password reset is for, if there is one that may reset its password. */
  const resetAccount = async (username: string): Promise<UserRow | null> => {
    const user = await deps.users.findByUsername(username);
    return user && user.delFlag === 0 ? user : null;
  };
  const assertOpen = () => {
    if (!deps.signup.open) throw new AppError(ServerCode.REGISTRATION_FAILED, 'Registration is closed on this platform; ask your installer for an account', 403);
  };

  /**
   * A new end-user account under the inviting or default installer, in that installer's tenant, with
   * the end-user role; `within` runs in the same transaction (spending the code that allowed it).
   */
  const newEndUser = async (
    values: { username: string; realname: string; passwordHash: string; phone: string | null; email: string | null; invite?: string },
    within?: (tx: Executor) => Promise<void>,
  ): Promise<string> => {
    const superior = await superiorFor(values.invite);
    const tenantId = await tenantOf(superior);
    const roleId = await deps.roles.idByCode(RoleCode.EndUser);
    if (!roleId) throw new AppError(ServerCode.REGISTRATION_FAILED, 'The end-user role is missing; ask an administrator', 500);
    const id = newId();
    try {
      await deps.users.transaction(async (tx) => {
        await within?.(tx);
        await deps.users.insert(
          {
            id,
            username: values.username,
            realname: values.realname,
            passwordHash: values.passwordHash,
            phone: values.phone,
            email: values.email,
            accountType: AccountType.EndUser,
            superiorId: superior?.id ?? null,
            status: UserStatus.Normal,
            createBy: values.username,
          },
          tx,
        );
        await deps.users.replaceRoles(id, [roleId], tx);
        await deps.users.replaceTenants(id, [tenantId], { userId: id, tenantId }, tx);
      });
    } catch (error) {
      // Someone took the name or the contact between the checks and the write.
      if (uniqueViolation(error, 'sys_user_username_key')) throw badRequest(ServerCode.USERNAME_REGISTERED, 'This user name is already registered', [{ field: 'username', message: 'is already registered' }]);
      if (uniqueViolation(error, 'sys_user_phone_key')) throw taken.phone();
      if (uniqueViolation(error, 'sys_user_email_key')) throw taken.email();
      throw error;
    }
    deps.onUsersChanged([id]);
    return id;
  };

  return {
    newEndUser,

    /** `POST /sys/sms`: a code for sign-in (0), registration (1), a password reset (2) or a new contact (3). */
    async sendCode(body: SendCodeRequest, client: ClientInfo): Promise<{ resendAfterMs: number }> {
      const purpose = verificationPurposes[body.smsmode];
      const contact = contactOf(body);
      const send = (userId: string | null, tenantId: number) => deps.codes.send({ purpose, target: contact, userId, tenantId, ip: client.ip, language: client.language });
      // No account matches: nothing is sent, but the answer, now and to the next request, is the same.
      const standIn = () => deps.codes.send({ purpose, target: contact, userId: null, tenantId: defaultTenant.id, ip: client.ip, language: client.language, deliver: false });
      switch (purpose) {
        case 'register':
          assertOpen();
          await assertFree(contact);
          return send(null, await tenantOf(await superiorFor(undefined)));
        case 'alteration':
          await assertFree(contact);
          return send(null, defaultTenant.id);
        case 'reset': {
          if (!body.username) throw invalidField('username', 'is required to reset a password');
          const user = await deps.users.findByUsername(body.username);
          if (user && user.delFlag === 0 && holds(user, contact)) return send(user.id, await tenantOf(user));
          return standIn();
        }
        case 'login': {
          if (contact.channel !== 'sms') throw invalidField('mobile', 'is required: sign-in codes go to a mobile number');
          const user = await deps.users.findByContact('phone', contact.address);
          if (user) return send(user.id, await tenantOf(user));
          return standIn();
        }
      }
    },

    /** A new end-user account under the inviting or default installer, in that installer's tenant. */
    async register(body: RegisterRequest, client: ClientInfo): Promise<{ username: string }> {
      assertOpen();
      if (body.password !== body.confirmPassword) throw passwordsDiffer();
      if (await deps.users.isTaken('username', body.username)) {
        throw badRequest(ServerCode.USERNAME_REGISTERED, 'This user name is already registered', [{ field: 'username', message: 'is already registered' }]);
      }
      const contact = contactOf(body);
      await assertFree(contact);
      const code = await deps.codes.check({ purpose: 'register', target: contact, code: body.smscode, field: 'smscode', spend: false, requester: client.ip });
      await newEndUser(
        {
          username: body.username,
          realname: body.username,
          passwordHash: await hashPassword(body.password),
          phone: contact.field === 'phone' ? contact.address : null,
          email: contact.field === 'email' ? contact.address : null,
          invite: body.invite,
        },
        (tx) => deps.codes.spend(code, 'smscode', tx),
      );
      return { username: body.username };
    },

    /** Find password, step 2: the code is right for this account (it stays unspent until step 3). */
    async verifyResetCode(body: PhoneVerificationRequest, client: ClientInfo): Promise<{ username: string }> {
      const user = await resetAccount(body.username);
      await deps.codes.check({ purpose: 'reset', target: contactOf(body), code: body.smscode, field: 'smscode', spend: false, requester: client.ip, account: user?.id ?? null });
      if (!user) throw new Error('a reset code was accepted without an account');
      return { username: user.username };
    },

    /** Find password, step 3: the new password; the code is spent and every session of the account ends. */
    async resetPassword(body: PasswordChangeRequest, client: ClientInfo): Promise<void> {
      if (body.password !== body.confirmPassword) throw passwordsDiffer();
      const user = await resetAccount(body.username);
      // Hashed before the code is checked, so a refusal takes as long whether or not the account exists.
      const passwordHash = await hashPassword(body.password);
      const code = await deps.codes.check({ purpose: 'reset', target: contactOf(body), code: body.smscode, field: 'smscode', spend: false, requester: client.ip, account: user?.id ?? null });
      if (!user) throw new Error('a reset code was accepted without an account');
      await deps.users.transaction(async (tx) => {
        await deps.codes.spend(code, 'smscode', tx);
        await deps.users.update(user.id, { passwordHash, updateBy: user.username, updateTime: new Date() }, tx);
      });
      deps.onSessionsEnded(await deps.sessions.revokeAllForUser(user.id), 'password-changed');
    },

    /** A new mobile number or e-mail address for the account whose password is given, proven by the code sent to it. */
    async alterContact(body: AlterationRequest, client: ClientInfo): Promise<void> {
      const user = await deps.auth.checkPassword(body.username, body.password, client);
      if (user.status !== UserStatus.Normal) throw new AppError(ServerCode.ACCOUNT_FROZEN, 'This account is frozen; contact your administrator', 403);
      const contact = contactOf(body);
      if (holds(user, contact)) {
        throw badRequest(ServerCode.CHANGING_MOBILE_FAILED, `This is already the account’s ${contact.field === 'phone' ? 'mobile number' : 'e-mail address'}`, [{ field: contact.field, message: 'is already this account’s' }]);
      }
      await assertFree(contact, user.id);
      const code = await deps.codes.check({ purpose: 'alteration', target: contact, code: body.smscode, field: 'smscode', spend: false, requester: client.ip });
      try {
        await deps.users.transaction(async (tx) => {
          await deps.codes.spend(code, 'smscode', tx);
          await deps.users.update(user.id, { [contact.field]: contact.address, updateBy: user.username, updateTime: new Date() }, tx);
        });
      } catch (error) {
        if (uniqueViolation(error)) throw taken[contact.field]();
        throw error;
      }
      deps.onUsersChanged([user.id]);
      // The old address hears of it, so a change its owner did not make does not go unnoticed.
      const old = contact.field === 'phone' ? user.phone : user.email;
      if (old) {
        const tenantId = await tenantOf(user);
        const values = { platform: deps.platformName, user: user.username, new: maskedAddress(contact.address) };
        const fill = (words: Words) => fillWordsIn(words, values, client.language);
        const message = { to: old, subject: fill(contactChangedMessage.subject), text: fill(contactChangedMessage[contact.field === 'phone' ? 'mobile' : 'email']) };
        const sent = contact.field === 'phone' ? deps.outbox.sendSms(tenantId, message, user.username) : deps.outbox.sendMail(tenantId, message, user.username);
        await sent.catch((error: unknown) => deps.warn(error, 'the change-of-contact notice'));
      }
    },

    /** `POST /sys/phoneLogin`: the code sent to the account's mobile opens a session. */
    async phoneLogin(body: PhoneLoginRequest, client: ClientInfo): Promise<LoginResult> {
      const user = await deps.users.findByContact('phone', body.mobile);
      await deps.codes.check({ purpose: 'login', target: { channel: 'sms', address: body.mobile }, code: body.captcha, field: 'captcha', spend: true, requester: client.ip, account: user?.id ?? null });
      if (!user) throw new Error('a sign-in code was accepted without an account');
      return deps.auth.openSession(user, client, 'code');
    },
  };
};

export type SelfService = ReturnType<typeof createSelfService>;
