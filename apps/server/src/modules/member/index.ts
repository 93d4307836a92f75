import fp from 'fastify-plugin';
import { createMemberRepository } from './member.repository.js';
import { createMemberService } from './member.service.js';
import routes from './member.routes.js';

/** The member module's one door: the Members screen (the accounts below the caller). Its routes are under /boot. */
export default fp(
  async (app) => {
    const users = app.userAccounts;
    const service = createMemberService({
      members: createMemberRepository(app.db, users),
      users,
      userService: users.screen,
      roles: app.roles,
      permissions: app.permissionGrants,
      dicts: app.dicts,
      defaults: { distributor: app.config.members.defaultDistributor, installer: app.config.signup.installer },
      onPermissionsChanged: app.realtime.permissionsChanged,
      onBranchChanged: (accountIds, memberIds) => app.realtime.toUsers(accountIds, 'user.changed', { ids: memberIds }),
    });
    await app.register(routes, { prefix: '/boot', service });
  },
  { name: 'module-member', dependencies: ['module-dict', 'module-permission', 'module-role', 'module-user'] },
);
