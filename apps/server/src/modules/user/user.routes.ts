import {
  Permission,
  ServerCode,
  adminChangePasswordRequestSchema,
  checkOnlyUserQuerySchema,
  editInfoRequestSchema,
  frozenBatchRequestSchema,
  idQuerySchema,
  idsQuerySchema,
  listQuerySchema,
  pageSchema,
  recycleBinDeleteQuerySchema,
  recycleBinRestoreRequestSchema,
  text,
  userAddRequestSchema,
  userEditRequestSchema,
  userInfoSchema,
  userRecordSchema,
} from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failure, ok } from '../../lib/envelope.js';
import { route } from '../../lib/route.js';
import { attachment } from '../../lib/spreadsheet.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import { createSessionRepository } from '../auth/session.repository.js';
import { createDepartRepository } from '../depart/depart.repository.js';
import { createFileRepository } from '../file/file.repository.js';
import { createRoleRepository } from '../role/role.repository.js';
import { createTenantRepository } from '../tenant/tenant.repository.js';
import { createUserRepository } from './user.repository.js';
import { createUserService } from './user.service.js';

const tags = ['users'];

const routes: FastifyPluginAsyncZod = async (app) => {
  const users = createUserService({
    users: createUserRepository(app.db),
    roles: createRoleRepository(app.db),
    departs: createDepartRepository(app.db),
    sessions: createSessionRepository(app.db),
    tenants: createTenantRepository(app.db),
    dicts: app.dicts,
    files: createFileRepository(app.config.uploadDir, app.db),
    onSessionsEnded: (ids, reason) => app.realtime.endSessions(ids, reason),
    onUsersChanged: (ids) => app.realtime.toUsers(ids, 'user.changed', { ids }),
  });

  // The user form's duplicate check (`/sys/duplicate/check?tableName=sys_user`), like checkOnlyUser.
  app.duplicateChecks.set('sys_user', {
    fields: ['username', 'email', 'phone'],
    access: [Permission.UserAdd, Permission.UserEdit],
    check: (auth, field, value, exceptId) => users.isAvailable(auth, field as 'username' | 'email' | 'phone', value, exceptId),
  });

  route(
    app,
    { method: 'GET', url: '/sys/user/list', access: { permission: Permission.UserList }, tags, summary: 'List users (list contract: paging, sort, filters, advanced query)', input: { querystring: listQuerySchema }, result: pageSchema(userRecordSchema) },
    async (request) => ok(await users.list(requireAuth(request), request.query, request.language)),
  );

  for (const [url, format] of [['/sys/user/exportXls', 'xlsx'], ['/sys/user/exportCsv', 'csv']] as const) {
    route(
      app,
      {
        method: 'GET',
        url,
        access: { permission: Permission.UserExport },
        tags,
        summary: `Export users as .${format}: the list query’s filters and sort (or \`selections\`, comma-joined ids), headings and dictionary texts in the Accept-Language`,
        input: { querystring: listQuerySchema },
      },
      async (request, reply) => {
        const { fileName, contentType, data } = await users.exportSheet(requireAuth(request), request.query, request.language, format);
        return reply.header('content-type', contentType).header('content-disposition', attachment(fileName)).header('cache-control', 'no-store').send(data);
      },
    );
  }

  route(
    app,
    { method: 'POST', url: '/sys/user/add', access: { permission: Permission.UserAdd }, tags, summary: 'Add a user', input: { body: userAddRequestSchema }, result: text() },
    async (request) => ok(await users.add(requireAuth(request), request.body), 'Added', ServerCode.ADDED),
  );

  route(
    app,
    { method: ['PUT', 'POST'], url: '/sys/user/edit', access: { permission: Permission.UserEdit }, tags, summary: 'Edit a user', input: { body: userEditRequestSchema }, result: null },
    async (request) => {
      await users.edit(requireAuth(request), request.body);
      return ok(null, 'Edited', ServerCode.EDITED);
    },
  );

  route(
    app,
    { method: 'PUT', url: '/sys/user/frozenBatch', access: { permission: Permission.UserFreeze }, tags, summary: 'Freeze (2) or unfreeze (1) users', input: { body: frozenBatchRequestSchema }, result: null },
    async (request) => {
      await users.setStatus(requireAuth(request), request.body.ids, request.body.status);
      return ok(null, request.body.status === 2 ? 'Frozen' : 'Unfrozen');
    },
  );

  route(
    app,
    { method: 'DELETE', url: '/sys/user/delete', access: { permission: Permission.UserDelete }, tags, summary: 'Move a user to the recycle bin', input: { querystring: idQuerySchema }, result: null },
    async (request) => {
      await users.remove(requireAuth(request), request.query.id);
      return ok(null, 'Deleted', ServerCode.DELETED);
    },
  );

  route(
    app,
    { method: 'DELETE', url: '/sys/user/deleteBatch', access: { permission: Permission.UserDelete }, tags, summary: 'Move users to the recycle bin', input: { querystring: idsQuerySchema }, result: null },
    async (request) => {
      await users.remove(requireAuth(request), request.query.ids);
      return ok(null, 'Deleted', ServerCode.BATCH_DELETED);
    },
  );

  route(
    app,
    { method: 'GET', url: '/sys/user/recycleBin', access: { permission: Permission.UserRecycleBin }, tags, summary: 'Users in the recycle bin', result: z.array(userRecordSchema) },
    async (request) => ok(await users.recycleBin(requireAuth(request), request.language)),
  );

  route(
    app,
    { method: 'PUT', url: '/sys/user/putRecycleBin', access: { permission: Permission.UserRecycleBin }, tags, summary: 'Restore users from the recycle bin', input: { body: recycleBinRestoreRequestSchema }, result: null },
    async (request) => {
      await users.restore(requireAuth(request), request.body.userIds);
      return ok(null, 'Restored');
    },
  );

  route(
    app,
    { method: 'DELETE', url: '/sys/user/deleteRecycleBin', access: { permission: Permission.UserRecycleBin }, tags, summary: 'Delete users in the recycle bin for good', input: { querystring: recycleBinDeleteQuerySchema }, result: null },
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
      return answer.free ? ok(null, answer.message) : failure(answer.code, answer.message, null);
    },
  );

  route(
    app,
    { method: 'PUT', url: '/sys/user/changePassword', access: { permission: Permission.UserResetPassword }, tags, summary: "Set another user's password (administrators)", input: { body: adminChangePasswordRequestSchema }, result: null },
    async (request) => {
      await users.resetPassword(requireAuth(request), request.body.username, request.body.password);
      return ok(null, 'Password changed', ServerCode.PASSWORD_RESET);
    },
  );

  route(
    app,
    { method: 'GET', url: '/sys/user/queryById', access: 'authenticated', tags, summary: 'One user (yourself, or anyone with system:user:list)', input: { querystring: idQuerySchema }, result: userInfoSchema },
    async (request) => ok(await users.queryById(requireAuth(request), request.query.id)),
  );

  route(
    app,
    { method: 'GET', url: '/sys/user/queryUserRole', access: { permission: Permission.UserList }, tags, summary: "A user's role ids", input: { querystring: z.object({ userid: idQuerySchema.shape.id }) }, result: z.array(text()) },
    async (request) => ok(await users.roleIdsOf(requireAuth(request), request.query.userid)),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/sys/user/userDepartList',
      access: { permission: Permission.UserList },
      tags,
      summary: "A user's departments",
      input: { querystring: z.object({ userId: idQuerySchema.shape.id }) },
      result: z.array(z.object({ key: text(), title: text() })),
    },
    async (request) => ok(await users.departsOf(requireAuth(request), request.query.userId)),
  );

  route(
    app,
    { method: ['PUT', 'POST'], url: '/sys/user/edit_info', access: 'authenticated', tags, summary: 'Edit your own profile', input: { body: editInfoRequestSchema }, result: userInfoSchema },
    async (request) => ok(await users.editInfo(requireAuth(request), request.body), 'Saved', ServerCode.EDITED),
  );
};

export default routes;
