import fp from 'fastify-plugin';
import { type RoleDirectory, createRoleDirectory } from './role.face.js';
import { createRoleRepository } from './role.repository.js';
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
    const roles = createRoleRepository(app.db);
    app.decorate('roles', createRoleDirectory(roles));
    await app.register(routes, { prefix: '/boot', roles });
  },
  { name: 'module-role', dependencies: ['module-data-log', 'module-dict', 'module-permission'] },
);
