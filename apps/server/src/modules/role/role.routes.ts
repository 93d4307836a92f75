import { Permission, ServerCode, roleEndpoints } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { availabilityAnswer, ok } from '../../kit/envelope.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import { endpointRoute } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';
import type { RoleService } from './role.service.js';

const tags = ['roles'];

/**
 * Roles (spec section 7, JeecgBoot names): the role list and form, and role authorisation (under
 * /sys/permission). The users of a role are the user module's (role-users.routes.ts).
 */
const routes: FastifyPluginAsyncZod<{ service: RoleService }> = async (app, { service }) => {
  resourceRoutes(app, service.resource, tags, { records: 'role' });

  // The user form needs the role list to assign roles.
  endpointRoute(
    app,
    roleEndpoints.options,
    { access: { permission: [Permission.UserAdd, Permission.UserEdit] }, tenancy: 'tenant', scope: 'none', tags, summary: 'The roles the caller may give: the platform\'s and its tenants\' own' },
    async (request) => ok(await service.options(requireAuth(request))),
  );
  // JeecgBoot's role form checks a code with a call of its own: the duplicate check of roleCode.
  endpointRoute(
    app,
    roleEndpoints.checkRoleCode,
    { access: { permission: [Permission.RoleAdd, Permission.RoleEdit] }, tenancy: 'tenant', scope: 'none', tags, summary: 'Whether a role code is still free in the caller’s tenant, except for the role being edited (id)' },
    async (request) => availabilityAnswer(await service.resource.isAvailable(requireAuth(request), 'roleCode', request.query.roleCode, request.query.id)),
  );

  // The same tree under both names: JeecgBoot's role screen authorises a role from
  // /sys/role/queryTreeList ({treeList, ids}), the department screen from /sys/permission/queryTreeList.
  for (const endpoint of [roleEndpoints.permissionTree, roleEndpoints.roleTree]) {
    endpointRoute(
      app,
      endpoint,
      { access: { permission: [Permission.RoleAuthorize, Permission.MenuList, Permission.DepartPermission] }, tenancy: 'shared', scope: 'none', tags, summary: 'The whole menu and button tree, and every id in it' },
      async () => ok(await service.permissionTree()),
    );
  }
  endpointRoute(
    app,
    roleEndpoints.grants,
    { access: { permission: Permission.RoleAuthorize }, tenancy: 'tenant', scope: { record: 'role', in: 'query.roleId' }, tags, summary: 'The menu and button ids a role grants' },
    async (request) => ok(await service.grants(requireAuth(request), request.query.roleId)),
  );
  endpointRoute(
    app,
    roleEndpoints.saveGrants,
    {
      access: { permission: Permission.RoleAuthorize },
      tenancy: 'tenant', scope: { record: 'role', in: 'body.roleId' },
      tags,
      summary: 'Grant the ids only in permissionIds and revoke the ids only in lastpermissionIds (comma-joined), in one transaction',
    },
    async (request) => {
      await service.saveGrants(requireAuth(request), request.body);
      return ok(null, 'Saved', ServerCode.EDITED);
    },
  );
};

export default routes;
