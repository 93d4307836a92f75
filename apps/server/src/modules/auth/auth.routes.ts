import {
  ServerCode,
  emptyEnvelopeSchema,
  envelopeSchema,
  loginRequestSchema,
  loginResultSchema,
  selectDepartRequestSchema,
  selectDepartResultSchema,
  updatePasswordRequestSchema,
} from '@cellsight/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import { createLogRepository } from '../log/log.repository.js';
import { createPermissionRepository } from '../permission/permission.repository.js';
import { createTenantRepository } from '../tenant/tenant.repository.js';
import { createUserRepository } from '../user/user.repository.js';
import { createAuthService } from './auth.service.js';
import { createLoginThrottle } from './login-throttle.js';
import { createSessionRepository } from './session.repository.js';

const clientOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = createAuthService({
    users: createUserRepository(app.db),
    sessions: createSessionRepository(app.db),
    permissions: createPermissionRepository(app.db),
    tenants: createTenantRepository(app.db),
    logs: createLogRepository(app.db),
    dicts: app.dicts,
    throttle: createLoginThrottle(),
    onSessionsEnded: (ids, reason) => app.realtime.endSessions(ids, reason),
  });

  // One bucket per address for both sign-in paths: the same hook (and so the same store) on each.
  const loginRateLimit = app.rateLimit({ max: app.config.loginRateLimit, timeWindow: '1 minute' });
  const loginOptions = {
    config: { access: 'public' as const },
    onRequest: loginRateLimit,
    schema: { tags: ['auth'], summary: 'Sign in with user name and password', security: [], body: loginRequestSchema, response: { 200: envelopeSchema(loginResultSchema) } },
  };
  for (const path of ['/sys/login', '/sys/public_login']) {
    app.post(path, loginOptions, async (request) => {
      const result = await auth.login(request.body.username, request.body.password, clientOf(request));
      return ok(result, 'Signed in', ServerCode.OK);
    });
  }

  app.post(
    '/sys/logout',
    { config: { access: 'authenticated', demoAllowed: true }, schema: { tags: ['auth'], summary: 'End this session', response: { 200: emptyEnvelopeSchema } } },
    async (request) => {
      const session = requireAuth(request);
      await auth.logout(session.sessionId, session.username, session.realname, clientOf(request));
      return ok(null, 'Signed out', ServerCode.LOGGED_OUT);
    },
  );

  app.post(
    '/sys/selectDepart',
    {
      config: { access: 'authenticated', demoAllowed: true },
      schema: { tags: ['auth'], summary: 'Choose the department to work in', body: selectDepartRequestSchema, response: { 200: envelopeSchema(selectDepartResultSchema) } },
    },
    async (request) => ok({ userInfo: await auth.selectDepart(requireAuth(request).userId, request.body.orgCode) }),
  );

  app.put(
    '/sys/user/updatePassword',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['auth'], summary: 'Change your own password; your other sessions end', body: updatePasswordRequestSchema, response: { 200: emptyEnvelopeSchema } },
    },
    async (request) => {
      await auth.updatePassword(requireAuth(request), request.body);
      return ok(null, 'Password changed', ServerCode.PASSWORD_RESET);
    },
  );
};
