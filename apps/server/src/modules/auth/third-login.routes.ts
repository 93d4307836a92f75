import { type ThirdLoginError, ServerCode, text, thirdLoginEndpoints } from '@cellsight/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { z } from 'zod';
import { ok } from '../../kit/envelope.js';
import { endpointRoute, route } from '../../kit/route.js';
import type { ClientInfo } from './auth.service.js';
import { ThirdLoginRefusal, type ThirdLoginService } from './third-login.service.js';

const tags = ['auth'];
const stateCookie = 'cs_third_state';
const cookiePath = '/boot/sys/thirdLogin';

/** The state cookie of the OAuth round trip: only this path, only first-party navigation, gone in 10 minutes. */
const setStateCookie = (reply: FastifyReply, value: string, secure: boolean) =>
  reply.header('set-cookie', `${stateCookie}=${value}; Path=${cookiePath}; HttpOnly; SameSite=Lax; Max-Age=${value ? 600 : 0}${secure ? '; Secure' : ''}`);
const stateFrom = (request: FastifyRequest): string | null =>
  (request.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === stateCookie)?.[1] ?? null;

/**
 * Outside sign-in (spec sections 4 and 7), off unless configured: OAuth2 / OIDC (`render/oauth` →
 * provider → `oauth/callback` → `/user/login?thirdToken=…` → `getLoginUser/{token}/oauth`) and CAS
 * (`/sys/cas/client/validateLogin`).
 */
export function thirdLoginRoutes(app: FastifyInstance, service: ThirdLoginService, guard: onRequestHookHandler, clientOf: (request: FastifyRequest) => ClientInfo): void {
  // From PUBLIC_URL, which config.ts requires with OAUTH_* (these routes answer 404 without them); never
  // from the request's Host, which the caller chooses: it would send the browser and its ticket elsewhere.
  const origin = app.config.publicUrl ?? '';
  const callbackUri = `${origin}${cookiePath}/oauth/callback`;

  route(
    app,
    { method: 'GET', url: '/sys/thirdLogin/render/oauth', access: 'public', tenancy: 'tenant', scope: 'none', onRequest: guard, tags, summary: 'Start signing in with the configured OAuth2 / OIDC provider: a redirect to it (404 when none is configured)' },
    async (request, reply) => {
      const { url, state } = service.startOAuth(callbackUri);
      setStateCookie(reply, state, request.protocol === 'https');
      return reply.redirect(url, 302);
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/sys/thirdLogin/oauth/callback',
      access: 'public',
      tenancy: 'tenant', scope: 'none',
      onRequest: guard,
      tags,
      summary: 'Where the provider sends the browser back: on to the sign-in page with a one-minute ticket, or with the reason it failed (`thirdError`: state, provider, account, closed)',
      input: { querystring: z.object({ code: text().max(2000).optional(), state: text().max(200).optional(), error: text().max(200).optional() }) },
    },
    async (request, reply) => {
      const back = (query: string) => {
        setStateCookie(reply, '', request.protocol === 'https');
        return reply.redirect(`${origin}/user/login?${query}`, 302);
      };
      try {
        const ticket = await service.finishOAuth({ code: request.query.code, state: request.query.state, expectedState: stateFrom(request), redirectUri: callbackUri });
        return back(`thirdToken=${encodeURIComponent(ticket)}&thirdType=oauth`);
      } catch (error) {
        if (error instanceof ThirdLoginRefusal) return back(`thirdError=${error.reason satisfies ThirdLoginError}`);
        throw error;
      }
    },
  );

  endpointRoute(
    app,
    thirdLoginEndpoints.ticketLogin,
    {
      access: 'public',
      tenancy: 'tenant', scope: 'none',
      onRequest: guard,
      tags,
      summary: 'Trade the one-time ticket of an outside sign-in for a session (the /sys/login answer); 4020 when it is used or older than a minute',
    },
    async (request) => ok(await service.loginWithTicket(request.params.token, clientOf(request)), 'Signed in', ServerCode.OK),
  );

  endpointRoute(
    app,
    thirdLoginEndpoints.casLogin,
    {
      access: 'public',
      tenancy: 'tenant', scope: 'none',
      onRequest: guard,
      tags,
      summary: 'Sign in with a CAS service ticket: the CAS server (CAS_URL) says whose it is, and the console account of that user name signs in (4020 refused, 4017 no such account)',
    },
    async (request) => ok(await service.casLogin(request.body, clientOf(request)), 'Signed in', ServerCode.OK),
  );
}
