import { Permission, ServerCode, splitIds, tenantEndpoints } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import { endpointRoute } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';
import type { TenantService } from './tenant.service.js';

/** Tenants (JeecgBoot `/sys/tenant`): the kit's calls, freezing, `queryList`, and a tenant's users. */
const routes: FastifyPluginAsyncZod<{ service: TenantService }> = async (app, { service }) => {
  const tags = ['tenants'];
  resourceRoutes(app, service, tags, { records: 'scoped' });

  endpointRoute(
    app,
    tenantEndpoints.freeze,
    { access: { permission: Permission.TenantFrozen }, tenancy: 'shared', scope: 'scoped', tags, summary: 'Freeze (status 0) or unfreeze (1) tenants (ids comma-joined)' },
    async (request) => {
      await service.setStatus(requireAuth(request), request.body.ids, request.body.status);
      return ok(null, request.body.status === 0 ? 'Frozen' : 'Unfrozen', ServerCode.OK);
    },
  );
  endpointRoute(
    app,
    tenantEndpoints.queryList,
    { access: { permission: [Permission.TenantList, Permission.UserAdd, Permission.UserEdit] }, tenancy: 'tenant', scope: 'scoped', tags, summary: 'The listed tenants (ids comma-joined; none: all) among those the caller sees' },
    async (request) => ok(await service.queryList(requireAuth(request), request.query.ids, request.language)),
  );
  endpointRoute(
    app,
    tenantEndpoints.users,
    { access: { permission: Permission.TenantUsers }, tenancy: 'tenant', scope: 'scoped', tags, summary: "A tenant's users (list contract, as the users list)" },
    async (request) => {
      const { tenantId, ...query } = request.query;
      return ok(await service.users(requireAuth(request), tenantId, query, request.language));
    },
  );
  endpointRoute(
    app,
    tenantEndpoints.addUsers,
    { access: { permission: Permission.TenantUsers }, tenancy: 'tenant', scope: 'scoped', tags, summary: 'Users join a tenant (userIds comma-joined)' },
    async (request) => {
      await service.addUsers(requireAuth(request), request.body.tenantId, splitIds(request.body.userIds));
      return ok(null, 'Added', ServerCode.ADDED);
    },
  );
  endpointRoute(
    app,
    tenantEndpoints.removeUsers,
    { access: { permission: Permission.TenantUsers }, tenancy: 'tenant', scope: 'scoped', tags, summary: 'Users leave a tenant (userIds comma-joined)' },
    async (request) => {
      await service.removeUsers(requireAuth(request), request.query.tenantId, splitIds(request.query.userIds));
      return ok(null, 'Removed', ServerCode.DELETED);
    },
  );
};

export default routes;
