import { Permission, ServerCode, dataRuleEndpoints } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { endpointRoute } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';
import type { DataRuleRepository } from './data-rule.repository.js';
import { createDataRuleService } from './data-rule.service.js';

const tags = ['data rules'];

/** Data rules of menus (reference section 9, under /sys/permission) and a role's choice of them (under /sys/role). */
const routes: FastifyPluginAsyncZod<{ rules: DataRuleRepository }> = async (app, { rules }) => {
  const service = createDataRuleService({ rules, roles: app.roles });
  const read = { permission: Permission.MenuList };
  const write = { permission: Permission.MenuEdit };

  endpointRoute(
    app,
    dataRuleEndpoints.list,
    { access: read, tenancy: 'shared', scope: 'none', tags, summary: "A menu's data rules" },
    async (request) => ok(await service.list(request.query.permissionId)),
  );
  endpointRoute(
    app,
    dataRuleEndpoints.search,
    { access: read, tenancy: 'shared', scope: 'none', tags, summary: "A menu's data rules whose name and value hold the given texts" },
    async (request) => ok(await service.list(request.query.permissionId, request.query)),
  );
  endpointRoute(
    app,
    dataRuleEndpoints.columns,
    { access: read, tenancy: 'shared', scope: 'none', tags, summary: "The list columns a menu's data rules may name (empty: the menu has no list to narrow)" },
    async (request) => ok(await service.columns(request.query.permissionId)),
  );
  endpointRoute(app, dataRuleEndpoints.add, { access: write, tenancy: 'shared', scope: 'none', tags, summary: 'Add a data rule to a menu' }, async (request) => {
    await service.add(requireAuth(request), request.body);
    return ok(null, 'Added', ServerCode.ADDED);
  });
  endpointRoute(app, dataRuleEndpoints.edit, { access: write, tenancy: 'shared', scope: 'none', tags, summary: 'Edit a data rule' }, async (request) => {
    await service.edit(requireAuth(request), request.body);
    return ok(null, 'Edited', ServerCode.EDITED);
  });
  endpointRoute(app, dataRuleEndpoints.delete, { access: write, tenancy: 'shared', scope: 'none', tags, summary: 'Delete a data rule (every choice of it goes with it)' }, async (request) => {
    await service.remove(request.query.id);
    return ok(null, 'Deleted', ServerCode.DELETED);
  });

  const authorize = { permission: Permission.RoleAuthorize };
  endpointRoute(
    app,
    dataRuleEndpoints.roleChoice,
    { access: authorize, tenancy: 'tenant', scope: { record: 'role', in: 'params.roleId' }, tags, summary: "A menu's data rules and those the role applies (drChecked, comma-joined)" },
    async (request) => ok(await service.roleChoice(requireAuth(request), request.params.permissionId, request.params.roleId)),
  );
  endpointRoute(
    app,
    dataRuleEndpoints.saveRoleChoice,
    { access: authorize, tenancy: 'tenant', scope: { record: 'role', in: 'body.roleId' }, tags, summary: 'The data rules a role applies on a menu it holds' },
    async (request) => {
      await service.chooseForRole(requireAuth(request), request.body);
      return ok(null, 'Saved', ServerCode.EDITED);
    },
  );
};

export default routes;
