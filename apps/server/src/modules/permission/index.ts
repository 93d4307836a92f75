import fp from 'fastify-plugin';
import { type PermissionGrants, createPermissionGrants } from './permission.face.js';
import { createPermissionRepository } from './permission.repository.js';
import routes from './permission.routes.js';

export type { PermissionGrants } from './permission.face.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The permission module's face (modules/permission/permission.face.ts). */
    permissionGrants: PermissionGrants;
  }
}

/** The permission module's one door: System → Menus, the signed-in user's menu, and what users and roles are granted (app.permissionGrants). Its routes are under /boot. */
export default fp(
  async (app) => {
    const permissions = createPermissionRepository(app.db);
    app.decorate('permissionGrants', createPermissionGrants(permissions));
    await app.register(routes, { prefix: '/boot', permissions });
  },
  { name: 'module-permission', dependencies: ['module-dict', 'module-log'] },
);
