import { verificationLimits } from '@cellsight/contract';
import fp from 'fastify-plugin';
import { outboundHttpOf } from '../../lib/outbound-http.js';
import { createAuthService } from './auth.service.js';
import { createCaptchaService } from './captcha.service.js';
import { createCasTransport } from './cas.transport.js';
import { createGuessCounter } from './guess-counter.js';
import { createLoginThrottle, loginThrottleForgetMs } from './login-throttle.js';
import { createRedisThrottleStore } from './login-throttle.repository.js';
import { createOAuthTransport } from './oauth.transport.js';
import { createSelfService } from './self-service.service.js';
import { createThirdLoginRepository } from './third-login.repository.js';
import { createThirdLoginService } from './third-login.service.js';
import { createVerificationRepository } from './verification.repository.js';
import { createVerificationService } from './verification.service.js';
import routes from './auth.routes.js';

/** The auth module's one door: sign-in and sign-out, self-service (codes, register, find password) and outside sign-in. Its routes are under /boot. */
export default fp(
  async (app) => {
    const auth = createAuthService({
      users: app.userAccounts,
      sessions: app.sessions,
      permissions: app.permissionGrants,
      tenants: app.tenantMemberships,
      logs: app.logs,
      dicts: app.dicts,
      // With Redis, failed sign-ins are counted over every server process (a guesser cannot spread them).
      throttle: createLoginThrottle(
        app.redis
          ? {
              shared: {
                store: createRedisThrottleStore({ redis: app.redis.client, prefix: app.redis.prefix, forgetAfterMs: loginThrottleForgetMs }),
                onError: (error) => app.log.warn(`failed sign-ins are counted by this process alone while Redis fails: ${error.message}`),
              },
            }
          : {},
      ),
      onSessionsEnded: (ids, reason) => app.realtime.endSessions(ids, reason),
    });
    const accounts = createSelfService({
      users: app.userAccounts,
      roles: app.roles,
      tenants: app.tenantMemberships,
      sessions: app.sessions,
      codes: createVerificationService({
        codes: createVerificationRepository(app.db),
        // With Redis, guesses from one address are counted over every server process (a guesser cannot spread them).
        guesses: createGuessCounter(
          app.redis
            ? {
                shared: {
                  store: createRedisThrottleStore({ redis: app.redis.client, prefix: app.redis.prefix, forgetAfterMs: verificationLimits.codeLifetimeMs, name: 'verification-guesses' }),
                  onError: (error) => app.log.warn(`verification-code guesses are counted by this process alone while Redis fails: ${error.message}`),
                },
              }
            : {},
        ),
        outbox: app.outbox,
        platformName: app.config.platformName,
      }),
      auth,
      signup: app.config.signup,
      onSessionsEnded: (ids, reason) => app.realtime.endSessions(ids, reason),
      onUsersChanged: app.realtime.usersChanged,
      outbox: app.outbox,
      platformName: app.config.platformName,
      warn: (error, what) => app.log.warn({ err: error }, `could not send ${what}`),
    });
    const { oauth, casUrl } = app.config.thirdLogin;
    const thirdLogin = createThirdLoginService({
      tickets: createThirdLoginRepository(app.db),
      users: app.userAccounts,
      oauth: oauth ? createOAuthTransport(outboundHttpOf(app.config), oauth) : null,
      cas: casUrl ? createCasTransport(outboundHttpOf(app.config), casUrl) : null,
      auth,
      accounts,
      signupOpen: app.config.signup.open,
      warn: (error, what) => app.log.warn({ err: error }, `${what} failed`),
    });
    const captcha = createCaptchaService({ codes: createVerificationRepository(app.db) });
    await app.register(routes, { prefix: '/boot', auth, accounts, thirdLogin, captcha });
  },
  { name: 'module-auth', dependencies: ['module-dict', 'module-log', 'module-outbox', 'module-permission', 'module-role', 'module-user'] },
);
