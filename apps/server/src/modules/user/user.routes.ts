import { Permission, ServerCode, userEndpoints } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { availabilityAnswer, ok } from '../../kit/envelope.js';
import { endpointRoute } from '../../kit/route.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import { requireAuth } from '../../access/auth-context.js';
import type { UserService } from './user.service.js';

const tags = ['users'];

const routes: FastifyPluginAsyncZod<{ service: UserService }> = async (app, { service }) => {
  const users = service;

  // List, add, edit, delete, export and the duplicate check of the user form: the kit's calls on the user service.
  resourceRoutes(app, users, tags, { records: 'user' });

  endpointRoute(
    app,
    userEndpoints.frozenBatch,
    { access: { permission: Permission.UserFreeze }, tenancy: 'tenant', scope: { record: 'user', in: 'body.ids', destroys: true }, tags, summary: 'Freeze (2) or unfreeze (1) users' },
    async (request) => {
      await users.setStatus(requireAuth(request), request.body.ids, request.body.status);
      return ok(null, request.body.status === 2 ? 'Frozen' : 'Unfrozen');
    },
  );

  endpointRoute(
    app,
    userEndpoints.recycleBin,
    { access: { permission: Permission.UserRecycleBin }, tenancy: 'tenant', scope: 'scoped', tags, summary: 'Users in the recycle bin' },
    async (request) => ok(await users.recycleBin(requireAuth(request), request.language)),
  );

  endpointRoute(
    app,
    userEndpoints.restoreRecycleBin,
    { access: { permission: Permission.UserRecycleBin }, tenancy: 'tenant', scope: 'scoped', tags, summary: 'Restore users from the recycle bin' },
    async (request) => {
      await users.restore(requireAuth(request), request.body.userIds);
      return ok(null, 'Restored');
    },
  );

  endpointRoute(
    app,
    userEndpoints.deleteRecycleBin,
    { access: { permission: Permission.UserRecycleBin }, tenancy: 'tenant', scope: 'scoped', tags, summary: 'Delete users in the recycle bin for good' },
    async (request) => {
      await users.deleteForever(requireAuth(request), request.query.userIds);
      return ok(null, 'Deleted', ServerCode.DELETED);
    },
  );

  endpointRoute(
    app,
    userEndpoints.generateUserId,
    { access: { permission: Permission.UserAdd }, tenancy: 'tenant', scope: 'none', tags, summary: 'A new, unused user id (user form); the add assigns its own id and drops one sent' },
    async () => ok(users.generateId()),
  );

  endpointRoute(
    app,
    userEndpoints.checkOnlyUser,
    {
      access: { permission: [Permission.UserAdd, Permission.UserEdit] },
      tenancy: 'tenant', scope: 'none',
      tags,
      summary: 'Whether a user name, e-mail or mobile is free among the users of your tenants (user form)',
    },
    async (request) => {
      const { id, username, email, phone } = request.query;
      const [field, value] = username !== undefined ? (['username', username] as const) : email !== undefined ? (['email', email] as const) : (['phone', phone ?? ''] as const);
      const answer = await users.isAvailable(requireAuth(request), field, value, id);
      // Taken: the JeecgBoot shape (success false, HTTP 200) so form validators show the message.
      return availabilityAnswer(answer);
    },
  );

  endpointRoute(
    app,
    userEndpoints.changePassword,
    { access: { permission: Permission.UserResetPassword }, tenancy: 'tenant', scope: { record: 'user', in: 'body.username', destroys: true }, tags, summary: "Set another user's password (administrators)" },
    async (request) => {
      await users.resetPassword(requireAuth(request), request.body.username, request.body.password);
      return ok(null, 'Password changed', ServerCode.PASSWORD_RESET);
    },
  );

  endpointRoute(
    app,
    userEndpoints.queryById,
    { access: 'authenticated', tenancy: 'tenant', scope: 'scoped', tags, summary: 'One user (yourself, or anyone with system:user:list)' },
    async (request) => ok(await users.queryById(requireAuth(request), request.query.id)),
  );

  endpointRoute(
    app,
    userEndpoints.roleIds,
    { access: { permission: Permission.UserList }, tenancy: 'tenant', scope: { record: 'user', in: 'query.userid' }, tags, summary: "A user's role ids" },
    async (request) => ok(await users.roleIdsOf(requireAuth(request), request.query.userid)),
  );

  endpointRoute(
    app,
    userEndpoints.departs,
    { access: { permission: Permission.UserList }, tenancy: 'tenant', scope: { record: 'user', in: 'query.userId' }, tags, summary: "A user's departments" },
    async (request) => ok(await users.departsOf(requireAuth(request), request.query.userId)),
  );

  endpointRoute(
    app,
    userEndpoints.editInfo,
    { access: 'authenticated', tenancy: 'tenant', scope: 'none', tags, summary: 'Edit your own profile' },
    async (request) => ok(await users.editInfo(requireAuth(request), request.body), 'Saved', ServerCode.EDITED),
  );
};

export default routes;
