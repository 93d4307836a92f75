import { Permission, ServerCode, roleUserEndpoints, splitIds } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { endpointRoute } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';
import type { RoleUsersService } from './role-users.service.js';

const tags = ['roles'];

/** The users of a role (System → Roles → Users; JeecgBoot serves them under /sys/user). */
const routes: FastifyPluginAsyncZod<{ service: RoleUsersService }> = async (app, { service }) => {
  const roleUsers = { permission: Permission.RoleUsers };
  endpointRoute(
    app,
    roleUserEndpoints.list,
    { access: roleUsers, tenancy: 'tenant', scope: { record: 'role', in: 'query.roleId' }, tags, summary: 'The users holding a role (list contract, as the users list)' },
    async (request) => {
      const { roleId, ...query } = request.query;
      return ok(await service.users(requireAuth(request), roleId, query, request.language));
    },
  );
  endpointRoute(app, roleUserEndpoints.add, { access: roleUsers, tenancy: 'tenant', scope: { record: 'role', in: 'body.roleId', uses: true }, tags, summary: 'Give a role to users' }, async (request) => {
    await service.addUsers(requireAuth(request), request.body.roleId, request.body.userIdList);
    return ok(null, 'Added', ServerCode.ADDED);
  });
  endpointRoute(app, roleUserEndpoints.remove, { access: roleUsers, tenancy: 'tenant', scope: { record: 'role', in: 'query.roleId', uses: true, destroys: true }, tags, summary: 'Take a role from a user' }, async (request) => {
    await service.removeUsers(requireAuth(request), request.query.roleId, [request.query.userId]);
    return ok(null, 'Deleted', ServerCode.DELETED);
  });
  endpointRoute(
    app,
    roleUserEndpoints.removeBatch,
    { access: roleUsers, tenancy: 'tenant', scope: { record: 'role', in: 'query.roleId', uses: true, destroys: true }, tags, summary: 'Take a role from users (ids comma-joined)' },
    async (request) => {
      await service.removeUsers(requireAuth(request), request.query.roleId, splitIds(request.query.userIds));
      return ok(null, 'Deleted', ServerCode.BATCH_DELETED);
    },
  );
};

export default routes;
