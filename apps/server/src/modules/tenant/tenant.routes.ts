import {
  Permission,
  ServerCode,
  listQuerySchema,
  pageSchema,
  splitIds,
  tenantFreezeSchema,
  tenantQueryListSchema,
  tenantResource,
  tenantUserListQuerySchema,
  tenantUsersSchema,
  userRecordSchema,
} from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../kit/envelope.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import { route } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';
import type { TenantService } from './tenant.service.js';

/** Tenants (JeecgBoot `/sys/tenant`): the kit's calls, freezing, `queryList`, and a tenant's users. */
const routes: FastifyPluginAsyncZod<{ service: TenantService }> = async (app, { service }) => {
  const tags = ['tenants'];
  resourceRoutes(app, service, tags, { records: 'scoped' });

  route(
    app,
    { method: 'PUT', url: '/sys/tenant/frozenBatch', access: { permission: Permission.TenantFrozen }, tenancy: 'shared', scope: 'scoped', tags, summary: 'Freeze (status 0) or unfreeze (1) tenants (ids comma-joined)', input: { body: tenantFreezeSchema }, result: null },
    async (request) => {
      await service.setStatus(requireAuth(request), request.body.ids, request.body.status);
      return ok(null, request.body.status === 0 ? 'Frozen' : 'Unfrozen', ServerCode.OK);
    },
  );
  route(
    app,
    { method: 'GET', url: '/sys/tenant/queryList', access: { permission: [Permission.TenantList, Permission.UserAdd, Permission.UserEdit] }, tenancy: 'tenant', scope: 'scoped', tags, summary: 'The listed tenants (ids comma-joined; none: all) among those the caller sees', input: { querystring: tenantQueryListSchema }, result: z.array(tenantResource.record) },
    async (request) => ok(await service.queryList(requireAuth(request), request.query.ids, request.language)),
  );
  route(
    app,
    { method: 'GET', url: '/sys/tenant/userList', access: { permission: Permission.TenantUsers }, tenancy: 'tenant', scope: 'scoped', tags, summary: "A tenant's users (list contract, as the users list)", input: { querystring: listQuerySchema.extend(tenantUserListQuerySchema.shape) }, result: pageSchema(userRecordSchema) },
    async (request) => {
      const { tenantId, ...query } = request.query;
      return ok(await service.users(requireAuth(request), tenantId, query, request.language));
    },
  );
  route(
    app,
    { method: 'POST', url: '/sys/tenant/addUsers', access: { permission: Permission.TenantUsers }, tenancy: 'tenant', scope: 'scoped', tags, summary: 'Users join a tenant (userIds comma-joined)', input: { body: tenantUsersSchema }, result: null },
    async (request) => {
      await service.addUsers(requireAuth(request), request.body.tenantId, splitIds(request.body.userIds));
      return ok(null, 'Added', ServerCode.ADDED);
    },
  );
  route(
    app,
    { method: 'DELETE', url: '/sys/tenant/removeUsers', access: { permission: Permission.TenantUsers }, tenancy: 'tenant', scope: 'scoped', tags, summary: 'Users leave a tenant (userIds comma-joined)', input: { querystring: tenantUsersSchema }, result: null },
    async (request) => {
      await service.removeUsers(requireAuth(request), request.query.tenantId, splitIds(request.query.userIds));
      return ok(null, 'Removed', ServerCode.DELETED);
    },
  );
};

export default routes;
