import { type LoginRequest, ServerCode, authEndpoints } from '@cellsight/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { endpointRoute } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';

import type { CaptchaService } from './captcha.service.js';
import type { AuthService } from './auth.service.js';
import type { SelfService } from './self-service.service.js';
import { selfServiceRoutes } from './self-service.routes.js';
import type { ThirdLoginService } from './third-login.service.js';
import { thirdLoginRoutes } from './third-login.routes.js';

const tags = ['auth'];

const clientOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null, language: request.language });

const routes: FastifyPluginAsyncZod<{ auth: AuthService; accounts: SelfService; thirdLogin: ThirdLoginService; captcha: CaptchaService }> = async (app, { auth, accounts, thirdLogin, captcha }) => {
  // One bucket per address for both sign-in paths: the same hook (and so the same store) on each.
  const loginRateLimit = app.rateLimit({ max: app.config.loginRateLimit, timeWindow: '1 minute' });
  // JeecgBoot's login page sends the captcha it showed (checked before the password); Cellsight's own console sends none.
  const checkCaptcha = async ({ captcha: answer, checkKey }: LoginRequest): Promise<void> => {
    if (answer !== undefined || checkKey !== undefined) await captcha.check(String(checkKey ?? ''), answer ?? '');
  };
  for (const endpoint of [authEndpoints.login, authEndpoints.publicLogin]) {
    endpointRoute(
      app,
      endpoint,
      { access: 'public', tenancy: 'tenant', scope: 'none', onRequest: loginRateLimit, tags, summary: 'Sign in with user name and password' },
      async (request) => {
        await checkCaptcha(request.body);
        return ok(await auth.login(request.body.username, request.body.password, clientOf(request)), 'Signed in', ServerCode.OK);
      },
    );
  }

  endpointRoute(
    app,
    authEndpoints.captchaImage,
    {
      access: 'public',
      tenancy: 'tenant',
      scope: 'none',
      // Each picture is a row: an address may ask for a few a minute, no more.
      onRequest: app.rateLimit({ max: 30, timeWindow: '1 minute' }),
      tags,
      summary: 'A sign-in captcha picture for the key (JeecgBoot’s login page), good for one answer within a minute; the result is an SVG data address',
    },
    async (request) => ok(await captcha.issue(request.params.key, request.ip), 'Captcha'),
  );

  selfServiceRoutes(app, accounts, loginRateLimit, clientOf);
  thirdLoginRoutes(app, thirdLogin, loginRateLimit, clientOf);

  // The device portal (spec: /neutral/login), with the same address-wide limit.
  for (const endpoint of [authEndpoints.neutralLogin, authEndpoints.publicNeutralLogin]) {
    endpointRoute(
      app,
      endpoint,
      {
        access: 'public',
        tenancy: 'tenant', scope: 'none',
        onRequest: loginRateLimit,
        tags,
        summary: 'Sign in to the device portal (device list, import, remote upgrade): the /sys/login check, for accounts that may list loggers (403 otherwise)',
      },
      async (request) => {
        await checkCaptcha(request.body);
        return ok(await auth.neutralLogin(request.body.username, request.body.password, clientOf(request)), 'Signed in', ServerCode.OK);
      },
    );
  }

  endpointRoute(app, authEndpoints.logout, { access: 'authenticated', tenancy: 'tenant', scope: 'none', demoAllowed: true, tags, summary: 'End this session' }, async (request) => {
    const session = requireAuth(request);
    await auth.logout(session.sessionId, session.username, session.realname, clientOf(request));
    return ok(null, 'Signed out', ServerCode.LOGGED_OUT);
  });

  endpointRoute(
    app,
    authEndpoints.selectDepart,
    { access: 'authenticated', tenancy: 'tenant', scope: 'none', demoAllowed: true, tags, summary: 'Choose the department to work in' },
    async (request) => ok({ userInfo: await auth.selectDepart(requireAuth(request).userId, request.body.orgCode) }),
  );

  endpointRoute(
    app,
    authEndpoints.workplaces,
    {
      access: 'authenticated',
      tenancy: 'tenant', scope: 'none',
      demoAllowed: true,
      tags,
      summary: 'Where you may work: your departments (and the current one) and your active tenants',
    },
    async (request) => ok(await auth.workplaces(requireAuth(request).userId)),
  );

  endpointRoute(
    app,
    authEndpoints.updatePassword,
    { access: 'authenticated', tenancy: 'tenant', scope: 'none', tags, summary: 'Change your own password; your other sessions end' },
    async (request) => {
      await auth.updatePassword(requireAuth(request), request.body);
      return ok(null, 'Password changed', ServerCode.PASSWORD_RESET);
    },
  );
};

export default routes;
