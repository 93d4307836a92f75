import type { AccountType, PermissionCode, Tenancy } from '@cellsight/contract';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/errors.js';
import type { ListDataRule } from './data-rule-reader.js';
import type { Sessions } from './session.face.js';
import type { TenantMembershipRepository } from './tenant-membership.repository.js';

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
  /** What the user may see of stations and devices (the scope rule, `access/station-scope.ts`). */
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
    /** Which tenants a user belongs to (access/tenant-membership.repository.ts), for every module that asks. */
    tenantMemberships: TenantMembershipRepository;
    /** The sessions (access/session.face.ts), built once: sign-in, sign-out, and ending the sessions of users. */
    sessions: Sessions;
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
export const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a call of this tenancy and method is a platform administrator's alone: the installation's machinery, or a write of what every tenant shares. */
export const platformAdministratorsOnly = (tenancy: Tenancy, method: string): boolean => tenancy === 'platform' || (tenancy === 'shared' && !readOnlyMethods.has(method));

/** The signed-in user of a request whose route requires sign-in (the access hook guarantees it). */
export const requireAuth = (request: FastifyRequest): AuthContext => {
  if (!request.auth) throw unauthorized();
  return request.auth;
};

