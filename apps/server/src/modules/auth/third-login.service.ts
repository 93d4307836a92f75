import { randomBytes } from 'node:crypto';
import { type CasValidateRequest, type LoginResult, type ThirdLoginError, ServerCode, patterns } from '@cellsight/contract';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/password.js';
import type { UserAccounts, UserRow } from '../user/index.js';
import type { AuthService, ClientInfo } from './auth.service.js';
import type { CasTransport } from './cas.transport.js';
import type { OAuthIdentity, OAuthTransport } from './oauth.transport.js';
import type { SelfService } from './self-service.service.js';
import { hashToken } from '../../access/session.repository.js';
import type { ThirdLoginRepository } from './third-login.repository.js';

interface Dependencies {
  tickets: ThirdLoginRepository;
  users: UserAccounts;
  oauth: OAuthTransport | null;
  cas: CasTransport | null;
  auth: Pick<AuthService, 'openSession'>;
  accounts: Pick<SelfService, 'newEndUser'>;
  signupOpen: boolean;
  warn: (error: unknown, what: string) => void;
  now?: () => Date;
}

/** A refusal the OAuth callback shows on the sign-in page (`?thirdError=`), not as an API answer. */
export class ThirdLoginRefusal extends Error {
  constructor(readonly reason: ThirdLoginError) {
    super(reason);
  }
}

/** A ticket lives one minute: long enough for the console to trade it, too short to be worth stealing. */
const ticketLifetimeMs = 60_000;
const random = (bytes: number) => randomBytes(bytes).toString('base64url');

/** A free user name from the provider's suggestion: the spec's letters, digits and underscores, 4 to 18 long. */
const usernameCandidates = function* (suggestion: string | null): Generator<string> {
  const base = (suggestion ?? '').replace(/[^A-Za-z0-9_]/g, '').slice(0, 12);
  const stem = base.length >= 4 ? base : `user${base}`.slice(0, 12);
  yield stem;
  for (let i = 0; i < 20; i += 1) yield `${stem}_${Math.floor(Math.random() * 1e5)}`.slice(0, 18);
};

/**
 * Sign-in through an outside provider. OAuth2 / OIDC: the browser goes to the provider, comes back
 * with a code, and the platform finds the console account linked to the provider's subject (or, the
 * first time, the account holding the same verified e-mail, or a new end-user account where
 * registration is open), then hands the console a one-time ticket it trades for a session. CAS: the
 * console brings the service ticket, the CAS server says whose it is, and the account of that user
 * name signs in (CAS is the organisation's own directory, so no accounts are made from it).
 */
export const createThirdLoginService = (deps: Dependencies) => {
  const now = deps.now ?? (() => new Date());

  const findAccount = async (identity: OAuthIdentity): Promise<UserRow> => {
    const linked = await deps.tickets.linkedUser('oauth', identity.subject);
    if (linked) {
      const user = await deps.users.findById(linked);
      if (!user || user.delFlag !== 0) throw new ThirdLoginRefusal('account');
      return user;
    }
    // An address the provider vouches for is the same person's (unverified ones could be anyone's).
    if (identity.email && identity.emailVerified) {
      const holder = await deps.users.findByContact('email', identity.email);
      if (holder) {
        await deps.tickets.link('oauth', identity.subject, holder.id);
        return holder;
      }
    }
    if (!deps.signupOpen) throw new ThirdLoginRefusal('closed');
    const email = identity.email && identity.emailVerified && patterns.email.test(identity.email) && !(await deps.users.isTaken('email', identity.email)) ? identity.email : null;
    for (const username of usernameCandidates(identity.preferredUsername)) {
      if (await deps.users.isTaken('username', username)) continue;
      // Nobody knows this password: the account signs in through the provider, or sets one by find password.
      const id = await deps.accounts.newEndUser({ username, realname: (identity.name ?? username).slice(0, 50), passwordHash: await hashPassword(random(32)), phone: null, email });
      await deps.tickets.link('oauth', identity.subject, id);
      const user = await deps.users.findById(id);
      if (user) return user;
    }
    throw new ThirdLoginRefusal('account');
  };

  return {
    /** Where to send the browser, and the state to keep in its cookie until it comes back. */
    startOAuth(redirectUri: string): { url: string; state: string } {
      if (!deps.oauth) throw new AppError(ServerCode.NOT_FOUND, 'No OAuth provider is configured', 404);
      const state = random(24);
      return { url: deps.oauth.authorizeUrl(redirectUri, state), state };
    },

    /** The provider's answer: the one-time ticket for the console, or a refusal (`ThirdLoginRefusal`). */
    async finishOAuth(input: { code?: string; state?: string; expectedState: string | null; redirectUri: string }): Promise<string> {
      if (!deps.oauth) throw new AppError(ServerCode.NOT_FOUND, 'No OAuth provider is configured', 404);
      if (!input.expectedState || input.state !== input.expectedState || !input.code) throw new ThirdLoginRefusal('state');
      let identity: OAuthIdentity;
      try {
        identity = await deps.oauth.identify(input.code, input.redirectUri);
      } catch (error) {
        deps.warn(error, 'OAuth sign-in');
        throw new ThirdLoginRefusal('provider');
      }
      const user = await findAccount(identity);
      if (user.status !== 1) throw new ThirdLoginRefusal('account');
      const id = newId();
      const secret = random(32);
      await deps.tickets.createTicket({ id, tokenHash: hashToken(secret), userId: user.id, expiresAt: new Date(now().getTime() + ticketLifetimeMs) });
      return `${id}.${secret}`;
    },

    /** `getLoginUser/{token}/{thirdType}`: the ticket, once, for a session. */
    async loginWithTicket(ticket: string, client: ClientInfo): Promise<LoginResult> {
      const [id = '', secret = ''] = ticket.split('.');
      const userId = await deps.tickets.spendTicket(id, hashToken(secret), now());
      const user = userId ? await deps.users.findById(userId) : null;
      if (!user || user.delFlag !== 0) throw new AppError(ServerCode.AUTHENTICATION_FAILED, 'This sign-in is no longer valid; sign in again', 401);
      return deps.auth.openSession(user, client, 'provider');
    },

    /** `POST /sys/cas/client/validateLogin`: the CAS server vouches for the user name; its account signs in. */
    async casLogin(body: CasValidateRequest, client: ClientInfo): Promise<LoginResult> {
      if (!deps.cas) throw new AppError(ServerCode.NOT_FOUND, 'No CAS server is configured', 404);
      let username: string | null;
      try {
        username = await deps.cas.validate(body.ticket, body.service);
      } catch (error) {
        deps.warn(error, 'CAS ticket validation');
        throw new AppError(ServerCode.REMOTE_SERVICE_EXCEPTION, 'The CAS server could not be reached; try again', 502);
      }
      if (!username) throw new AppError(ServerCode.AUTHENTICATION_FAILED, 'The CAS server did not accept this ticket; sign in again', 401, [{ field: 'ticket', message: 'was not accepted' }]);
      const user = await deps.users.findByUsername(username);
      if (!user || user.delFlag !== 0) throw new AppError(ServerCode.USER_DOES_NOT_EXIST, `No console account is named ${username}; ask your administrator`, 404);
      return deps.auth.openSession(user, client, 'provider');
    },
  };
};

export type ThirdLoginService = ReturnType<typeof createThirdLoginService>;
