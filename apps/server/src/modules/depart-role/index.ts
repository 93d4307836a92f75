import { departRoleResource } from '@cellsight/contract';
import fp from 'fastify-plugin';
import { createResourceService } from '../../kit/resource-service.js';
import { createDepartRoleRepository } from './depart-role.repository.js';
import { createDepartRoleService } from './depart-role.service.js';
import routes from './depart-role.routes.js';

/** The depart-role module's one door. Its routes are under /boot. */
export default fp(
  async (app) => {
    const departRoles = createDepartRoleRepository(app.db);
    const service = createDepartRoleService({
      resource: createResourceService({ resource: departRoleResource, ...departRoles.screen, dicts: app.dicts }),
      departRoles,
      rules: app.dataRules,
      permissions: app.permissionGrants,
      users: app.userAccounts,
      dicts: app.dicts,
      onPermissionsChanged: app.realtime.permissionsChanged,
    });
    await app.register(routes, { prefix: '/boot', service });
  },
  { name: 'module-depart-role', dependencies: ['module-data-rule', 'module-dict', 'module-permission', 'module-user'] },
);
