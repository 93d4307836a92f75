import { ServerCode, selfServiceEndpoints } from '@cellsight/contract';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { ok } from '../../kit/envelope.js';
import { endpointRoute } from '../../kit/route.js';

import type { ClientInfo } from './auth.service.js';
import type { SelfService } from './self-service.service.js';

const tags = ['self-service'];

/**
 * The public self-service calls (spec sections 2 and 7): codes by SMS or mail, register, find
 * password, change of mobile or e-mail, and phone sign-in. Each is limited per IP like sign-in
 * (`guard`); the codes themselves are limited per address, account and IP in the database.
 */
export function selfServiceRoutes(app: FastifyInstance, service: SelfService, guard: onRequestHookHandler, clientOf: (request: FastifyRequest) => ClientInfo): void {
  const common = { access: 'public', tenancy: 'tenant', scope: 'none', onRequest: guard, tags } as const;

  endpointRoute(
    app,
    selfServiceEndpoints.sendCode,
    {
      ...common,
      summary:
        'Send a 6-digit code to `mobile` (SMS) or `email` (mail) for sign-in (smsmode 0), registration (1), a password reset (2, with `username`) or a new contact (3). Good for 10 minutes, 5 wrong guesses per requesting address and 20 in all; one per address per minute, 5 per address or account and 20 per IP per hour (4037 beyond). 4011/4012 when registering or changing to a taken contact; for sign-in and reset the answer (and the next one) is the same whether or not an account matches',
    },
    async (request) => ok(await service.sendCode(request.body, clientOf(request)), 'If the details are right, a code is on its way', ServerCode.OK),
  );

  endpointRoute(
    app,
    selfServiceEndpoints.register,
    {
      ...common,
      summary: 'Register an end-user account confirmed by the code sent to `phone` or `email` (4013 wrong or no longer valid, 4015 used; 4010/4011/4012 taken); it goes under the installer whose user code is `invite`, else the platform’s default installer',
    },
    async (request) => ok(await service.register(request.body, clientOf(request)), 'Registered', ServerCode.REGISTERED),
  );

  endpointRoute(
    app,
    selfServiceEndpoints.verifyResetCode,
    { ...common, summary: 'Find password, step 2: check the code sent for this account (not spent yet); 4013 for every refusal, whether or not the account exists or holds the address' },
    async (request) => ok(await service.verifyResetCode(request.body, clientOf(request)), 'Verified', ServerCode.VERIFIED),
  );

  endpointRoute(
    app,
    selfServiceEndpoints.resetPassword,
    { ...common, summary: 'Find password, step 3: set a new password with the code; every session of the account ends; 4013 for every refusal of the code, as in step 2' },
    async (request) => {
      await service.resetPassword(request.body, clientOf(request));
      return ok(null, 'Password reset', ServerCode.PASSWORD_RESET);
    },
  );

  endpointRoute(
    app,
    selfServiceEndpoints.alterContact,
    {
      ...common,
      summary: 'Give an account (user name and password) a new mobile number (`phone`) or e-mail address, proven by the code sent to the new one (4011/4012 taken, 4022 already the account’s)',
    },
    async (request) => {
      await service.alterContact(request.body, clientOf(request));
      return ok(null, 'Edited', ServerCode.EDITED);
    },
  );

  endpointRoute(
    app,
    selfServiceEndpoints.phoneLogin,
    { ...common, summary: 'Sign in with the code sent to the account’s mobile (smsmode 0); 4013 for every refusal, whether or not the mobile is an account’s' },
    async (request) => ok(await service.phoneLogin(request.body, clientOf(request)), 'Signed in', ServerCode.OK),
  );
}
