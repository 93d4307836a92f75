import { Permission, ServerCode, addRoleUsersRequestSchema, deleteRoleUserQuerySchema, deleteRoleUsersQuerySchema, pageSchema, roleUserListQuerySchema, splitIds, userRecordSchema } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { route } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';
import type { RoleUsersService } from './role-users.service.js';

const tags = ['roles'];

/** The users of a role (System → Roles → Users; JeecgBoot serves them under /sys/user). */
const routes: FastifyPluginAsyncZod<{ service: RoleUsersService }> = async (app, { service }) => {
  const roleUsers = { permission: Permission.RoleUsers };
  route(
    app,
    { method: 'GET', url: '/sys/user/userRoleList', access: roleUsers, tenancy: 'tenant', scope: { record: 'role', in: 'query.roleId' }, tags, summary: 'The users holding a role (list contract, as the users list)', input: { querystring: roleUserListQuerySchema }, result: pageSchema(userRecordSchema) },
    async (request) => {
      const { roleId, ...query } = request.query;
      return ok(await service.users(requireAuth(request), roleId, query, request.language));
    },
  );
  route(app, { method: 'POST', url: '/sys/user/addSysUserRole', access: roleUsers, tenancy: 'tenant', scope: { record: 'role', in: 'body.roleId', uses: true }, tags, summary: 'Give a role to users', input: { body: addRoleUsersRequestSchema }, result: null }, async (request) => {
    await service.addUsers(requireAuth(request), request.body.roleId, request.body.userIdList);
    return ok(null, 'Added', ServerCode.ADDED);
  });
  route(app, { method: 'DELETE', url: '/sys/user/deleteUserRole', access: roleUsers, tenancy: 'tenant', scope: { record: 'role', in: 'query.roleId', uses: true, destroys: true }, tags, summary: 'Take a role from a user', input: { querystring: deleteRoleUserQuerySchema }, result: null }, async (request) => {
    await service.removeUsers(requireAuth(request), request.query.roleId, [request.query.userId]);
    return ok(null, 'Deleted', ServerCode.DELETED);
  });
  route(
    app,
    { method: 'DELETE', url: '/sys/user/deleteUserRoleBatch', access: roleUsers, tenancy: 'tenant', scope: { record: 'role', in: 'query.roleId', uses: true, destroys: true }, tags, summary: 'Take a role from users (ids comma-joined)', input: { querystring: deleteRoleUsersQuerySchema }, result: null },
    async (request) => {
      await service.removeUsers(requireAuth(request), request.query.roleId, splitIds(request.query.userIds));
      return ok(null, 'Deleted', ServerCode.BATCH_DELETED);
    },
  );
};

export default routes;
