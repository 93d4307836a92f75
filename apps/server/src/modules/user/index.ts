import fp from 'fastify-plugin';
import { type UserAccounts, createUserAccounts } from './user.face.js';
import { createUserRepository } from './user.repository.js';
import { createUserService } from './user.service.js';
import { createRoleUserRepository } from './role-user.repository.js';
import { createRoleUsersService } from './role-users.service.js';
import roleUsersRoutes from './role-users.routes.js';
import { createDepartUsersService } from './depart-users.service.js';
import departUsersRoutes from './depart-users.routes.js';
import routes from './user.routes.js';

export type { UserAccounts } from './user.face.js';
export type { UserService } from './user.service.js';
export type { Executor, UserRow } from './user.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The user module's face (modules/user/user.face.ts). */
    userAccounts: UserAccounts;
  }
}

/** The user module's one door: System → Users, the users of a role and of a department, and every other module's way to accounts (app.userAccounts). Its routes are under /boot. */
export default fp(
  async (app) => {
    const repository = createUserRepository(app.db);
    // The Users screen's service, which the Members screen runs underneath (app.userAccounts.screen).
    const service = createUserService({
      users: repository,
      roles: app.roles,
      departs: app.departs,
      sessions: app.sessions,
      tenants: app.tenantMemberships,
      dicts: app.dicts,
      files: app.uploads,
      onSessionsEnded: (ids, reason) => app.realtime.endSessions(ids, reason),
      onUsersChanged: app.realtime.usersChanged,
      onPermissionsChanged: app.realtime.permissionsChanged,
      permissions: app.permissionGrants,
      platformOnlyCodes: app.platformOnlyCodes,
      rebranchStations: (userId) => app.stations.rebranch(userId),
      dataLog: app.dataLog,
    });
    app.decorate('userAccounts', createUserAccounts(repository, app.dicts, service));
    await app.register(routes, { prefix: '/boot', service });
    const roleUsers = createRoleUsersService({
      roles: app.roles,
      roleUsers: createRoleUserRepository(app.db),
      users: app.userAccounts,
      permissions: app.permissionGrants,
      onPermissionsChanged: app.realtime.permissionsChanged,
      onRolesTaken: (userIds) => app.sessions.endSessionsOf(userIds, 'role-removed'),
    });
    await app.register(roleUsersRoutes, { prefix: '/boot', service: roleUsers });
    const departUsers = createDepartUsersService({
      departs: app.departs,
      users: app.userAccounts,
      onUsersChanged: (ids) => {
        app.realtime.usersChanged(ids);
        // Joining or leaving a department gives or ends what its department roles grant the user.
        app.realtime.permissionsChanged(ids);
      },
    });
    await app.register(departUsersRoutes, { prefix: '/boot', service: departUsers });
  },
  { name: 'module-user', dependencies: ['module-data-log', 'module-depart', 'module-dict', 'module-file', 'module-permission', 'module-role', 'module-station'] },
);
