import {
  Permission,
  ServerCode,
  adminChangePasswordRequestSchema,
  checkOnlyUserQuerySchema,
  editInfoRequestSchema,
  frozenBatchRequestSchema,
  idQuerySchema,
  recycleBinDeleteQuerySchema,
  recycleBinRestoreRequestSchema,
  text,
  userInfoSchema,
  userRecordSchema,
} from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { availabilityAnswer, ok } from '../../kit/envelope.js';
import { route } from '../../kit/route.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import { requireAuth } from '../../access/auth-context.js';
import type { UserService } from './user.service.js';

const tags = ['users'];

const routes: FastifyPluginAsyncZod<{ service: UserService }> = async (app, { service }) => {
  const users = service;

  // List, add, edit, delete, export and the duplicate check of the user form: the kit's calls on the user service.
  resourceRoutes(app, users, tags, { records: 'user' });

  route(
    app,
    { method: 'PUT', url: '/sys/user/frozenBatch', access: { permission: Permission.UserFreeze }, tenancy: 'tenant', scope: { record: 'user', in: 'body.ids', destroys: true }, tags, summary: 'Freeze (2) or unfreeze (1) users', input: { body: frozenBatchRequestSchema }, result: null },
    async (request) => {
      await users.setStatus(requireAuth(request), request.body.ids, request.body.status);
      return ok(null, request.body.status === 2 ? 'Frozen' : 'Unfrozen');
    },
  );

  route(
    app,
    { method: 'GET', url: '/sys/user/recycleBin', access: { permission: Permission.UserRecycleBin }, tenancy: 'tenant', scope: 'scoped', tags, summary: 'Users in the recycle bin', result: z.array(userRecordSchema) },
    async (request) => ok(await users.recycleBin(requireAuth(request), request.language)),
  );

  route(
    app,
    { method: 'PUT', url: '/sys/user/putRecycleBin', access: { permission: Permission.UserRecycleBin }, tenancy: 'tenant', scope: 'scoped', tags, summary: 'Restore users from the recycle bin', input: { body: recycleBinRestoreRequestSchema }, result: null },
    async (request) => {
      await users.restore(requireAuth(request), request.body.userIds);
      return ok(null, 'Restored');
    },
  );

  route(
    app,
    { method: 'DELETE', url: '/sys/user/deleteRecycleBin', access: { permission: Permission.UserRecycleBin }, tenancy: 'tenant', scope: 'scoped', tags, summary: 'Delete users in the recycle bin for good', input: { querystring: recycleBinDeleteQuerySchema }, result: null },
    async (request) => {
      await users.deleteForever(requireAuth(request), request.query.userIds);
      return ok(null, 'Deleted', ServerCode.DELETED);
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/sys/user/checkOnlyUser',
      access: { permission: [Permission.UserAdd, Permission.UserEdit] },
      tenancy: 'tenant', scope: 'none',
      tags,
      summary: 'Whether a user name, e-mail or mobile is free among the users of your tenants (user form)',
      input: { querystring: checkOnlyUserQuerySchema },
      result: null,
    },
    async (request) => {
      const { id, username, email, phone } = request.query;
      const [field, value] = username !== undefined ? (['username', username] as const) : email !== undefined ? (['email', email] as const) : (['phone', phone ?? ''] as const);
      const answer = await users.isAvailable(requireAuth(request), field, value, id);
      // Taken: the JeecgBoot shape (success false, HTTP 200) so form validators show the message.
      return availabilityAnswer(answer);
    },
  );

  route(
    app,
    { method: 'PUT', url: '/sys/user/changePassword', access: { permission: Permission.UserResetPassword }, tenancy: 'tenant', scope: { record: 'user', in: 'body.username', destroys: true }, tags, summary: "Set another user's password (administrators)", input: { body: adminChangePasswordRequestSchema }, result: null },
    async (request) => {
      await users.resetPassword(requireAuth(request), request.body.username, request.body.password);
      return ok(null, 'Password changed', ServerCode.PASSWORD_RESET);
    },
  );

  route(
    app,
    { method: 'GET', url: '/sys/user/queryById', access: 'authenticated', tenancy: 'tenant', scope: 'scoped', tags, summary: 'One user (yourself, or anyone with system:user:list)', input: { querystring: idQuerySchema }, result: userInfoSchema },
    async (request) => ok(await users.queryById(requireAuth(request), request.query.id)),
  );

  route(
    app,
    { method: 'GET', url: '/sys/user/queryUserRole', access: { permission: Permission.UserList }, tenancy: 'tenant', scope: { record: 'user', in: 'query.userid' }, tags, summary: "A user's role ids", input: { querystring: z.object({ userid: idQuerySchema.shape.id }) }, result: z.array(text()) },
    async (request) => ok(await users.roleIdsOf(requireAuth(request), request.query.userid)),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/sys/user/userDepartList',
      access: { permission: Permission.UserList },
      tenancy: 'tenant', scope: { record: 'user', in: 'query.userId' },
      tags,
      summary: "A user's departments",
      input: { querystring: z.object({ userId: idQuerySchema.shape.id }) },
      result: z.array(z.object({ key: text(), title: text() })),
    },
    async (request) => ok(await users.departsOf(requireAuth(request), request.query.userId)),
  );

  route(
    app,
    { method: ['PUT', 'POST'], url: '/sys/user/edit_info', access: 'authenticated', tenancy: 'tenant', scope: 'none', tags, summary: 'Edit your own profile', input: { body: editInfoRequestSchema }, result: userInfoSchema },
    async (request) => ok(await users.editInfo(requireAuth(request), request.body), 'Saved', ServerCode.EDITED),
  );
};

export default routes;
