import {
  Permission,
  ServerCode,
  dataRuleChoiceSchema,
  departDataRulePathSchema,
  departDataRuleRequestSchema,
  departPermissionQuerySchema,
  departRoleUserListQuerySchema,
  departRoleUsersRemoveQuerySchema,
  departRoleUsersRequestSchema,
  deptRolePermissionQuerySchema,
  deptRoleTreeQuerySchema,
  dataRuleChoicePathSchema,
  pageSchema,
  permissionTreeSchema,
  roleDataRuleRequestSchema,
  saveDepartPermissionRequestSchema,
  saveDeptRolePermissionRequestSchema,
  splitIds,
  text,
  userRecordSchema,
} from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../kit/envelope.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import { route } from '../../kit/route.js';
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
  route(
    app,
    { method: 'GET', url: '/sys/permission/queryDepartPermission', access: departAuthorize, tenancy: 'tenant', scope: { record: 'depart', in: 'query.departId' }, tags, summary: 'The menu and button ids a department holds', input: { querystring: departPermissionQuerySchema }, result: z.array(text()) },
    async (request) => ok(await service.departGrants(requireAuth(request), request.query.departId)),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/sys/permission/saveDepartPermission',
      access: departAuthorize,
      tenancy: 'tenant', scope: { record: 'depart', in: 'body.departId' },
      tags,
      summary: 'Grant the ids only in permissionIds and revoke the ids only in lastpermissionIds (comma-joined) to a department, in one transaction',
      input: { body: saveDepartPermissionRequestSchema },
      result: null,
    },
    async (request) => {
      await service.saveDepartGrants(requireAuth(request), request.body);
      return ok(null, 'Saved', ServerCode.EDITED);
    },
  );
  route(
    app,
    { method: 'GET', url: '/sys/sysDepartPermission/datarule/:permissionId/:departId', access: departAuthorize, tenancy: 'tenant', scope: { record: 'depart', in: 'params.departId' }, tags, summary: "A menu's data rules and those the department offers its roles", input: { params: departDataRulePathSchema }, result: dataRuleChoiceSchema },
    async (request) => ok(await service.departChoice(requireAuth(request), request.params.permissionId, request.params.departId)),
  );
  route(
    app,
    { method: 'POST', url: '/sys/sysDepartPermission/datarule', access: departAuthorize, tenancy: 'tenant', scope: { record: 'depart', in: 'body.departId' }, tags, summary: 'The data rules a department offers its roles on a menu it holds', input: { body: departDataRuleRequestSchema }, result: null },
    async (request) => {
      await service.offerRules(requireAuth(request), request.body);
      return ok(null, 'Saved', ServerCode.EDITED);
    },
  );

  const roleAuthorize = { permission: Permission.DepartRoleEdit };
  route(
    app,
    { method: 'GET', url: '/sys/sysDepartPermission/queryTreeListForDeptRole', access: roleAuthorize, tenancy: 'tenant', scope: { record: 'depart', in: 'query.departId' }, tags, summary: "The department's menus and buttons as a tree, and their ids", input: { querystring: deptRoleTreeQuerySchema }, result: permissionTreeSchema },
    async (request) => ok(await service.departTree(requireAuth(request), request.query.departId)),
  );
  route(
    app,
    { method: 'GET', url: '/sys/sysDepartPermission/queryDeptRolePermission', access: roleAuthorize, tenancy: 'tenant', scope: 'none', tags, summary: 'The menu and button ids a department role grants', input: { querystring: deptRolePermissionQuerySchema }, result: z.array(text()) },
    async (request) => ok(await service.roleGrants(requireAuth(request), request.query.roleId)),
  );
  route(
    app,
    {
      method: 'POST',
      url: '/sys/sysDepartPermission/saveDeptRolePermission',
      access: roleAuthorize,
      tenancy: 'tenant', scope: 'none',
      tags,
      summary: "Grant and revoke a department role's menus and buttons, within its department's",
      input: { body: saveDeptRolePermissionRequestSchema },
      result: null,
    },
    async (request) => {
      await service.saveRoleGrants(requireAuth(request), request.body);
      return ok(null, 'Saved', ServerCode.EDITED);
    },
  );
  route(
    app,
    { method: 'GET', url: '/sys/sysDepartRole/datarule/:permissionId/:roleId', access: roleAuthorize, tenancy: 'tenant', scope: 'none', tags, summary: "The rules the role's department offers on a menu, and those the role applies", input: { params: dataRuleChoicePathSchema }, result: dataRuleChoiceSchema },
    async (request) => ok(await service.roleChoice(requireAuth(request), request.params.permissionId, request.params.roleId)),
  );
  route(
    app,
    { method: 'POST', url: '/sys/sysDepartRole/datarule', access: roleAuthorize, tenancy: 'tenant', scope: 'none', tags, summary: 'The data rules a department role applies on a menu it holds', input: { body: roleDataRuleRequestSchema }, result: null },
    async (request) => {
      await service.chooseRules(requireAuth(request), request.body);
      return ok(null, 'Saved', ServerCode.EDITED);
    },
  );

  route(
    app,
    { method: 'GET', url: '/sys/sysDepartRole/userList', access: { permission: Permission.DepartRoleList }, tenancy: 'tenant', scope: 'scoped', tags, summary: 'The users holding a department role (list contract, as the users list)', input: { querystring: departRoleUserListQuerySchema }, result: pageSchema(userRecordSchema) },
    async (request) => {
      const { roleId, ...query } = request.query;
      return ok(await service.users(requireAuth(request), roleId, query, request.language));
    },
  );
  route(app, { method: 'POST', url: '/sys/sysDepartRole/addUsers', access: roleAuthorize, tenancy: 'tenant', scope: 'scoped', tags, summary: 'Give a department role to users of its department', input: { body: departRoleUsersRequestSchema }, result: null }, async (request) => {
    await service.addUsers(requireAuth(request), request.body.roleId, request.body.userIdList);
    return ok(null, 'Added', ServerCode.ADDED);
  });
  route(app, { method: 'DELETE', url: '/sys/sysDepartRole/removeUsers', access: roleAuthorize, tenancy: 'tenant', scope: 'scoped', tags, summary: 'Take a department role from users (ids comma-joined)', input: { querystring: departRoleUsersRemoveQuerySchema }, result: null }, async (request) => {
    await service.removeUsers(requireAuth(request), request.query.roleId, splitIds(request.query.userIds));
    return ok(null, 'Deleted', ServerCode.BATCH_DELETED);
  });
};

export default routes;
