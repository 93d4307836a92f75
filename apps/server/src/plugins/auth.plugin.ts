import { type AccountType, type PermissionCode, type Tenancy, ServerCode, TenantMessage, TenantStatus } from '@cellsight/contract';
import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, demoNotSupported, forbidden, unauthorized } from '../lib/errors.js';
import type { ListDataRule } from '../lib/list-query.js';
import { createDataRuleReader } from '../modules/data-rule/data-rule-reader.js';
import { accountTypeOf, createSessionRepository, hashToken } from '../modules/auth/session.repository.js';
import { createTenantRepository } from '../modules/tenant/tenant.repository.js';

/**
 * Who may call a route. Every route must say: `'public'`, `'authenticated'`, or permission codes
 * (any one grants). A route that says nothing is refused: deny by default.
 */
export type Access = 'public' | 'authenticated' | { permission: PermissionCode | readonly PermissionCode[] };

export interface AuthContext {
  userId: string;
  username: string;
  realname: string;
  demo: boolean;
  /** What the user may see of stations and devices (the scope rule, `modules/station/station-scope.ts`). */
  accountType: AccountType;
  sessionId: string;
  /** Tenant chosen by the `tenant-id` header (0 = none), always one of the user's own. */
  tenantId: number;
  /**
   * Whether the caller belongs to the platform's own tenant (`platformTenantId`): only such callers
   * (platform administrators, as far as their permissions go) write what every tenant shares and use
   * the installation's machinery; any other caller is held to its tenants.
   */
  platform: boolean;
  /** What the user may do; a tenant administrator's lacks the codes only platform routes check (`platformOnlyCodes`). */
  permissions: Set<string>;
  /**
   * The codes the user's roles give but that are left out of `permissions` here (a tenant
   * administrator's platform codes): unusable, yet held, so it may pass them on with a role it holds.
   */
  withheld?: ReadonlySet<string>;
  /**
   * The data rules in force for this user on the list its permission code guards, values resolved
   * (`modules/data-rule`); every list reads them through the kit. Absent only on contexts made outside
   * a request (tests, jobs), which no rule narrows.
   */
  dataRules?: (listCode: string) => Promise<ListDataRule[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** API routes registered without `config.access`; they answer 403 to everyone. */
    routesWithoutAccess: readonly string[];
    /** Every API route as registered, one row a method, with its declarations (`access`, `scope`, `tenancy`): what the authorisation matrix checks. */
    routeTable: readonly { method: string; url: string; config: FastifyContextConfig }[];
    /**
     * Permission codes that only platform-administrator calls check (every route they guard is a
     * `'platform'` one or a write of a `'shared'` one), known once every route is registered. A
     * tenant administrator's permissions leave them out, so its console offers none of those
     * buttons and screens, and it can grant none of them.
     */
    platformOnlyCodes: ReadonlySet<string>;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /**
     * A call that changes nothing the demo account must not change (signing out, choosing a
     * department), though its method is not GET. Every other non-GET call is a write.
     */
    demoAllowed?: true;
  }
}

/** Methods that read; any other method writes, and the demo account may not. */
const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a call of this tenancy and method is a platform administrator's alone: the installation's machinery, or a write of what every tenant shares. */
export const platformAdministratorsOnly = (tenancy: Tenancy, method: string): boolean => tenancy === 'platform' || (tenancy === 'shared' && !readOnlyMethods.has(method));

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

/** The signed-in user of a request whose route requires sign-in (the access hook guarantees it). */
export const requireAuth = (request: FastifyRequest): AuthContext => {
  if (!request.auth) throw unauthorized();
  return request.auth;
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
    const tenantRepository = createTenantRepository(app.db);
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
