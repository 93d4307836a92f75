import {
  Permission,
  ServerCode,
  dataRuleAddSchema,
  dataRuleChoicePathSchema,
  dataRuleChoiceSchema,
  dataRuleColumnSchema,
  dataRuleEditSchema,
  dataRuleListQuerySchema,
  dataRuleRecordSchema,
  dataRuleSearchQuerySchema,
  resourceIdQuerySchema,
  roleDataRuleRequestSchema,
} from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../kit/envelope.js';
import { route } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';
import type { DataRuleRepository } from './data-rule.repository.js';
import { createDataRuleService } from './data-rule.service.js';

const tags = ['data rules'];

/** Data rules of menus (reference section 9, under /sys/permission) and a role's choice of them (under /sys/role). */
const routes: FastifyPluginAsyncZod<{ rules: DataRuleRepository }> = async (app, { rules }) => {
  const service = createDataRuleService({ rules, roles: app.roles });
  const read = { permission: Permission.MenuList };
  const write = { permission: Permission.MenuEdit };

  route(
    app,
    { method: 'GET', url: '/sys/permission/getPermRuleListByPermId', access: read, tenancy: 'shared', scope: 'none', tags, summary: "A menu's data rules", input: { querystring: dataRuleListQuerySchema }, result: z.array(dataRuleRecordSchema) },
    async (request) => ok(await service.list(request.query.permissionId)),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/sys/permission/queryPermissionRule',
      access: read,
      tenancy: 'shared', scope: 'none',
      tags,
      summary: "A menu's data rules whose name and value hold the given texts",
      input: { querystring: dataRuleSearchQuerySchema },
      result: z.array(dataRuleRecordSchema),
    },
    async (request) => ok(await service.list(request.query.permissionId, request.query)),
  );
  route(
    app,
    {
      method: 'GET',
      url: '/sys/permission/dataRuleColumns',
      access: read,
      tenancy: 'shared', scope: 'none',
      tags,
      summary: "The list columns a menu's data rules may name (empty: the menu has no list to narrow)",
      input: { querystring: dataRuleListQuerySchema },
      result: z.array(dataRuleColumnSchema),
    },
    async (request) => ok(await service.columns(request.query.permissionId)),
  );
  route(app, { method: 'POST', url: '/sys/permission/addPermissionRule', access: write, tenancy: 'shared', scope: 'none', tags, summary: 'Add a data rule to a menu', input: { body: dataRuleAddSchema }, result: null }, async (request) => {
    await service.add(requireAuth(request), request.body);
    return ok(null, 'Added', ServerCode.ADDED);
  });
  route(app, { method: ['PUT', 'POST'], url: '/sys/permission/editPermissionRule', access: write, tenancy: 'shared', scope: 'none', tags, summary: 'Edit a data rule', input: { body: dataRuleEditSchema }, result: null }, async (request) => {
    await service.edit(requireAuth(request), request.body);
    return ok(null, 'Edited', ServerCode.EDITED);
  });
  route(app, { method: 'DELETE', url: '/sys/permission/deletePermissionRule', access: write, tenancy: 'shared', scope: 'none', tags, summary: 'Delete a data rule (every choice of it goes with it)', input: { querystring: resourceIdQuerySchema }, result: null }, async (request) => {
    await service.remove(request.query.id);
    return ok(null, 'Deleted', ServerCode.DELETED);
  });

  const authorize = { permission: Permission.RoleAuthorize };
  route(
    app,
    { method: 'GET', url: '/sys/role/datarule/:permissionId/:roleId', access: authorize, tenancy: 'tenant', scope: { record: 'role', in: 'params.roleId' }, tags, summary: "A menu's data rules and those the role applies (drChecked, comma-joined)", input: { params: dataRuleChoicePathSchema }, result: dataRuleChoiceSchema },
    async (request) => ok(await service.roleChoice(requireAuth(request), request.params.permissionId, request.params.roleId)),
  );
  route(
    app,
    { method: 'POST', url: '/sys/role/datarule', access: authorize, tenancy: 'tenant', scope: { record: 'role', in: 'body.roleId' }, tags, summary: 'The data rules a role applies on a menu it holds', input: { body: roleDataRuleRequestSchema }, result: null },
    async (request) => {
      await service.chooseForRole(requireAuth(request), request.body);
      return ok(null, 'Saved', ServerCode.EDITED);
    },
  );
};

export default routes;
