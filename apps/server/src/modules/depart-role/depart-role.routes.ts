import { Permission, ServerCode, departRoleEndpoints, splitIds } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import { endpointRoute } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';
import type { DepartRoleService } from './depart-role.service.js';

const tags = ['department permissions'];

/**
 * Department permissions (JeecgBoot: under /sys/permission and /sys/sysDepartPermission) and
 * department roles (/sys/sysDepartRole): the kit's list and form, their authorisation within the
 * department's permissions, their data rules and their users.
 */
const routes: FastifyPluginAsyncZod<{ service: DepartRoleService }> = async (app, { service }) => {
  resourceRoutes(app, service.resource, ['department roles'], { records: 'none' });

  const departAuthorize = { permission: Permission.DepartPermission };
  endpointRoute(
    app,
    departRoleEndpoints.departGrants,
    { access: departAuthorize, tenancy: 'tenant', scope: { record: 'depart', in: 'query.departId' }, tags, summary: 'The menu and button ids a department holds' },
    async (request) => ok(await service.departGrants(requireAuth(request), request.query.departId)),
  );
  endpointRoute(
    app,
    departRoleEndpoints.saveDepartGrants,
    {
      access: departAuthorize,
      tenancy: 'tenant', scope: { record: 'depart', in: 'body.departId' },
      tags,
      summary: 'Grant the ids only in permissionIds and revoke the ids only in lastpermissionIds (comma-joined) to a department, in one transaction',
    },
    async (request) => {
      await service.saveDepartGrants(requireAuth(request), request.body);
      return ok(null, 'Saved', ServerCode.EDITED);
    },
  );
  endpointRoute(
    app,
    departRoleEndpoints.departChoice,
    { access: departAuthorize, tenancy: 'tenant', scope: { record: 'depart', in: 'params.departId' }, tags, summary: "A menu's data rules and those the department offers its roles" },
    async (request) => ok(await service.departChoice(requireAuth(request), request.params.permissionId, request.params.departId)),
  );
  endpointRoute(
    app,
    departRoleEndpoints.saveDepartChoice,
    { access: departAuthorize, tenancy: 'tenant', scope: { record: 'depart', in: 'body.departId' }, tags, summary: 'The data rules a department offers its roles on a menu it holds' },
    async (request) => {
      await service.offerRules(requireAuth(request), request.body);
      return ok(null, 'Saved', ServerCode.EDITED);
    },
  );

  const roleAuthorize = { permission: Permission.DepartRoleEdit };
  endpointRoute(
    app,
    departRoleEndpoints.departTree,
    { access: roleAuthorize, tenancy: 'tenant', scope: { record: 'depart', in: 'query.departId' }, tags, summary: "The department's menus and buttons as a tree, and their ids" },
    async (request) => ok(await service.departTree(requireAuth(request), request.query.departId)),
  );
  endpointRoute(
    app,
    departRoleEndpoints.roleGrants,
    { access: roleAuthorize, tenancy: 'tenant', scope: 'none', tags, summary: 'The menu and button ids a department role grants' },
    async (request) => ok(await service.roleGrants(requireAuth(request), request.query.roleId)),
  );
  endpointRoute(
    app,
    departRoleEndpoints.saveRoleGrants,
    { access: roleAuthorize, tenancy: 'tenant', scope: 'none', tags, summary: "Grant and revoke a department role's menus and buttons, within its department's" },
    async (request) => {
      await service.saveRoleGrants(requireAuth(request), request.body);
      return ok(null, 'Saved', ServerCode.EDITED);
    },
  );
  endpointRoute(
    app,
    departRoleEndpoints.roleChoice,
    { access: roleAuthorize, tenancy: 'tenant', scope: 'none', tags, summary: "The rules the role's department offers on a menu, and those the role applies" },
    async (request) => ok(await service.roleChoice(requireAuth(request), request.params.permissionId, request.params.roleId)),
  );
  endpointRoute(
    app,
    departRoleEndpoints.saveRoleChoice,
    { access: roleAuthorize, tenancy: 'tenant', scope: 'none', tags, summary: 'The data rules a department role applies on a menu it holds' },
    async (request) => {
      await service.chooseRules(requireAuth(request), request.body);
      return ok(null, 'Saved', ServerCode.EDITED);
    },
  );

  endpointRoute(
    app,
    departRoleEndpoints.users,
    { access: { permission: Permission.DepartRoleList }, tenancy: 'tenant', scope: 'scoped', tags, summary: 'The users holding a department role (list contract, as the users list)' },
    async (request) => {
      const { roleId, ...query } = request.query;
      return ok(await service.users(requireAuth(request), roleId, query, request.language));
    },
  );
  endpointRoute(app, departRoleEndpoints.addUsers, { access: roleAuthorize, tenancy: 'tenant', scope: 'scoped', tags, summary: 'Give a department role to users of its department' }, async (request) => {
    await service.addUsers(requireAuth(request), request.body.roleId, request.body.userIdList);
    return ok(null, 'Added', ServerCode.ADDED);
  });
  endpointRoute(app, departRoleEndpoints.removeUsers, { access: roleAuthorize, tenancy: 'tenant', scope: 'scoped', tags, summary: 'Take a department role from users (ids comma-joined)' }, async (request) => {
    await service.removeUsers(requireAuth(request), request.query.roleId, splitIds(request.query.userIds));
    return ok(null, 'Deleted', ServerCode.BATCH_DELETED);
  });
};

export default routes;
