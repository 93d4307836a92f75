import { ServerCode, TenantMessage, TenantStatus } from '@cellsight/contract';
import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { platformAdministratorsOnly, readOnlyMethods } from './auth-context.js';
import { AppError, demoNotSupported, forbidden, unauthorized } from '../lib/errors.js';
import { createDataRuleReader } from './data-rule-reader.js';
import { accountTypeOf, createSessionRepository, hashToken } from './session.repository.js';
import { createSessions } from './session.face.js';
import { createTenantMembershipRepository } from './tenant-membership.repository.js';

const platformMessages = {
  platform: 'Only platform administrators may use this: it belongs to the installation, not to one tenant',
  shared: 'Only platform administrators may change this: every tenant shares it',
} as const;

/** The codes only platform-administrator calls check (`platformOnlyCodes`), from the route table. */
const platformOnlyCodesOf = (table: readonly { method: string; config: FastifyContextConfig }[]): Set<string> => {
  const tenantUse = new Set<string>();
  const platformUse = new Set<string>();
  for (const { method, config } of table) {
    const { access, tenancy } = config;
    if (access === undefined || typeof access === 'string' || tenancy === undefined) continue;
    const codes = typeof access.permission === 'string' ? [access.permission] : access.permission;
    for (const code of codes) (platformAdministratorsOnly(tenancy, method) ? platformUse : tenantUse).add(code);
  }
  return new Set([...platformUse].filter((code) => !tenantUse.has(code)));
};

/** The websocket paths: a browser cannot set a header of its own on their handshake. */
const socketPaths = ['/boot/websocket', '/boot/vxeSocket/'];

const tokenOf = (request: FastifyRequest): string | null => {
  const header = request.headers['x-access-token'];
  if (typeof header === 'string' && header.length > 0) return header;
  if (!socketPaths.some((path) => request.url.startsWith(path))) return null;
  // The console offers its token as the socket's subprotocol (as JeecgBoot's own console does): no URL
  // carries it, so no access log (ours, a proxy's) can hold it. A page cannot forge this header for fetch.
  const offered = request.headers['sec-websocket-protocol'];
  const protocol = typeof offered === 'string' ? offered.split(',')[0]?.trim() : undefined;
  if (protocol) return protocol;
  // Older clients send `?token=`: still accepted, and redacted from every log line (lib/log-redaction.ts).
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.token === 'string' ? query.token : null;
};

export default fp(
  async (app) => {
    const sessionRepository = createSessionRepository(app.db);
    // The realtime plugin comes after this one (its sockets need the auth context): it is asked when sessions end, not now.
    app.decorate('sessions', createSessions(sessionRepository, (ids, reason) => app.realtime.endSessions(ids, reason)));
    const tenantRepository = createTenantMembershipRepository(app.db);
    app.decorate('tenantMemberships', tenantRepository);
    const readDataRules = createDataRuleReader(app.db);

    app.decorateRequest('auth', null);

    // Deny by default, visibly: remember every API route registered without an access rule.
    const undeclared: string[] = [];
    app.decorate('routesWithoutAccess', undeclared);
    const table: { method: string; url: string; config: FastifyContextConfig }[] = [];
    app.decorate('routeTable', table);
    const platformOnlyCodes = new Set<string>();
    app.decorate('platformOnlyCodes', platformOnlyCodes);
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/boot')) return;
      if (route.config?.access === undefined || route.config.tenancy === undefined) undeclared.push(`${String(route.method)} ${route.url}`);
      for (const method of [route.method].flat()) table.push({ method: String(method), url: route.url, config: route.config ?? {} });
    });
    app.addHook('onReady', async () => {
      for (const code of platformOnlyCodesOf(table)) platformOnlyCodes.add(code);
    });

    // Before validation: who may call a route is settled before anything about its input is said.
    app.addHook('preValidation', async (request: FastifyRequest, _reply: FastifyReply) => {
      const { access, tenancy } = request.routeOptions.config;
      // Routes outside /boot (the web app, static files) are public by nature.
      if (!request.url.startsWith('/boot') || request.is404) return;
      if (access === undefined || tenancy === undefined) throw forbidden('This route has no access rule');
      const token = tokenOf(request);
      if (token && token.length <= 200) {
        const session = await sessionRepository.findActive(hashToken(token), new Date());
        if (session) {
          request.auth = {
            userId: session.userId,
            username: session.username,
            realname: session.realname,
            demo: session.demo,
            accountType: accountTypeOf(session.accountType),
            sessionId: session.sessionId,
            tenantId: 0,
            platform: session.platform,
            permissions: session.platform ? session.permissions : new Set([...session.permissions].filter((code) => !platformOnlyCodes.has(code))),
            withheld: session.platform ? new Set() : new Set([...session.permissions].filter((code) => platformOnlyCodes.has(code))),
            // Read when a list asks, with the tenant the request settled on by then.
            dataRules: (listCode) => (request.auth ? readDataRules(request.auth, listCode) : Promise.resolve([])),
          };
        }
      }
      if (access === 'public') return;
      if (!request.auth) throw unauthorized();

      const tenantHeader = request.headers['tenant-id'];
      if (typeof tenantHeader === 'string' && tenantHeader !== '' && tenantHeader !== '0') {
        const tenantId = Number(tenantHeader);
        const own = await tenantRepository.activeForUser(request.auth.userId);
        if (!Number.isInteger(tenantId) || !own.some((t) => t.id === tenantId)) {
          // A session working in a tenant that was frozen meanwhile ends: signing in again offers the others.
          if (Number.isInteger(tenantId) && (await tenantRepository.membership(request.auth.userId, tenantId))?.status === TenantStatus.Frozen) {
            await sessionRepository.revoke(request.auth.sessionId);
            throw new AppError(ServerCode.INVALID_TOKEN, TenantMessage.frozen, 401);
          }
          throw new AppError(ServerCode.AUTHENTICATION_FAILED, 'tenant-id: not one of your tenants', 403);
        }
        request.auth.tenantId = tenantId;
      }

      // Platform and tenants (the route's `tenancy`): before the permission, whose code a tenant administrator's set may lack.
      if (!request.auth.platform && platformAdministratorsOnly(tenancy, request.method)) throw forbidden(platformMessages[tenancy === 'platform' ? 'platform' : 'shared']);
      if (access !== 'authenticated') {
        const wanted = typeof access.permission === 'string' ? [access.permission] : access.permission;
        if (!wanted.some((code) => request.auth?.permissions.has(code))) throw forbidden();
      }
      // The demo account's read-only rule, once for every writing call (spec section 6).
      if (request.auth.demo && !readOnlyMethods.has(request.method) && request.routeOptions.config.demoAllowed !== true) throw demoNotSupported();
    });
  },
  { name: 'auth', dependencies: ['database'] },
);
