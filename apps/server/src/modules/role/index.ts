import { roleResource } from '@cellsight/contract';
import fp from 'fastify-plugin';
import { createTableRepository } from '../../kit/table-repository.js';
import { createResourceService } from '../../kit/resource-service.js';
import { tenantRowsOf } from '../../kit/tenant-rows.js';
import { type RoleDirectory, createRoleDirectory } from './role.face.js';
import { createRolePermissionRepository } from './role-permission.repository.js';
import { createRoleRepository } from './role.repository.js';
import { createRoleService } from './role.service.js';
import { roles } from './role.table.js';
import routes from './role.routes.js';

export type { RoleDirectory } from './role.face.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The role module's face (modules/role/role.face.ts). */
    roles: RoleDirectory;
  }
}

/** The role module's one door: System → Roles and role authorisation, and the roles others give (app.roles). Its routes are under /boot. */
export default fp(
  async (app) => {
    const roleRepository = createRoleRepository(app.db);
    app.decorate('roles', createRoleDirectory(roleRepository));
    const service = createRoleService({
      resource: createResourceService({
        resource: roleResource,
        table: roles,
        repository: createTableRepository(app.db, roles),
        columns: { roleName: roles.roleName, roleCode: roles.roleCode, createTime: roles.createTime },
        dicts: app.dicts,
        // The platform's roles (no tenant) beside each tenant's own: every tenant gives the former, only platform administrators change them.
        tenantRows: tenantRowsOf(app.tenantMemberships, roles.tenantId, { sharedRows: true }),
      }),
      roles: roleRepository,
      dataLog: app.dataLog,
      rolePermissions: createRolePermissionRepository(app.db),
      permissions: app.permissionGrants,
      dicts: app.dicts,
      onPermissionsChanged: app.realtime.permissionsChanged,
      onRolesTaken: (userIds) => app.sessions.endSessionsOf(userIds, 'role-removed'),
    });
    await app.register(routes, { prefix: '/boot', service });
  },
  { name: 'module-role', dependencies: ['module-data-log', 'module-dict', 'module-permission'] },
);
