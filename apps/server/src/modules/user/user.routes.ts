import {
  Permission,
  ServerCode,
  adminChangePasswordRequestSchema,
  checkOnlyUserQuerySchema,
  editInfoRequestSchema,
  emptyEnvelopeSchema,
  envelopeSchema,
  frozenBatchRequestSchema,
  idQuerySchema,
  idsQuerySchema,
  listQuerySchema,
  pickLanguage,
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
import { ok } from '../../lib/envelope.js';
import { attachment, xlsxContentType } from '../../lib/spreadsheet.js';
import { requireAuth } from '../../plugins/auth.plugin.js';
import { createSessionRepository } from '../auth/session.repository.js';
import { createRoleRepository } from '../role/role.repository.js';
import { createDepartRepository } from '../depart/depart.repository.js';
import { createFileRepository } from '../file/file.repository.js';
import { createTenantRepository } from '../tenant/tenant.repository.js';
import { createUserRepository } from './user.repository.js';
import { createUserService } from './user.service.js';

const tags = ['users'];

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
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

  app.get(
    '/sys/user/list',
    {
      config: { access: { permission: Permission.UserList } },
      schema: { tags, summary: 'List users (list contract: paging, sort, filters, advanced query)', querystring: listQuerySchema, response: { 200: envelopeSchema(pageSchema(userRecordSchema)) } },
    },
    async (request) => ok(await users.list(requireAuth(request), request.query)),
  );

  app.get(
    '/sys/user/exportXls',
    {
      config: { access: { permission: Permission.UserExport } },
      schema: {
        tags,
        summary: 'Export users as .xlsx: the list query’s filters and sort (or `selections`, comma-joined ids), headings in the Accept-Language',
        querystring: listQuerySchema,
      },
    },
    async (request, reply) => {
      const { fileName, data } = await users.exportSheet(requireAuth(request), request.query, pickLanguage(request.headers['accept-language']));
      return reply.header('content-type', xlsxContentType).header('content-disposition', attachment(fileName)).header('cache-control', 'no-store').send(data);
    },
  );

  app.post(
    '/sys/user/add',
    { config: { access: { permission: Permission.UserAdd } }, schema: { tags, summary: 'Add a user', body: userAddRequestSchema, response: { 200: envelopeSchema(text()) } } },
    async (request) => ok(await users.add(requireAuth(request), request.body), 'Added', ServerCode.ADDED),
  );

  const editOptions = {
    config: { access: { permission: Permission.UserEdit } },
    schema: { tags, summary: 'Edit a user', body: userEditRequestSchema, response: { 200: emptyEnvelopeSchema } },
  };
  const edit = async (request: { body: z.output<typeof userEditRequestSchema> } & Parameters<typeof requireAuth>[0]) => {
    await users.edit(requireAuth(request), request.body);
    return ok(null, 'Edited', ServerCode.EDITED);
  };
  app.put('/sys/user/edit', editOptions, edit);
  app.post('/sys/user/edit', editOptions, edit);

  app.put(
    '/sys/user/frozenBatch',
    { config: { access: { permission: Permission.UserFreeze } }, schema: { tags, summary: 'Freeze (2) or unfreeze (1) users', body: frozenBatchRequestSchema, response: { 200: emptyEnvelopeSchema } } },
    async (request) => {
      await users.setStatus(requireAuth(request), request.body.ids, request.body.status);
      return ok(null, request.body.status === 2 ? 'Frozen' : 'Unfrozen');
    },
  );

  app.delete(
    '/sys/user/delete',
    { config: { access: { permission: Permission.UserDelete } }, schema: { tags, summary: 'Move a user to the recycle bin', querystring: idQuerySchema, response: { 200: emptyEnvelopeSchema } } },
    async (request) => {
      await users.remove(requireAuth(request), request.query.id);
      return ok(null, 'Deleted', ServerCode.DELETED);
    },
  );

  app.delete(
    '/sys/user/deleteBatch',
    { config: { access: { permission: Permission.UserDelete } }, schema: { tags, summary: 'Move users to the recycle bin', querystring: idsQuerySchema, response: { 200: emptyEnvelopeSchema } } },
    async (request) => {
      await users.remove(requireAuth(request), request.query.ids);
      return ok(null, 'Deleted', ServerCode.BATCH_DELETED);
    },
  );

  app.get(
    '/sys/user/recycleBin',
    { config: { access: { permission: Permission.UserRecycleBin } }, schema: { tags, summary: 'Users in the recycle bin', response: { 200: envelopeSchema(z.array(userRecordSchema)) } } },
    async (request) => ok(await users.recycleBin(requireAuth(request))),
  );

  app.put(
    '/sys/user/putRecycleBin',
    { config: { access: { permission: Permission.UserRecycleBin } }, schema: { tags, summary: 'Restore users from the recycle bin', body: recycleBinRestoreRequestSchema, response: { 200: emptyEnvelopeSchema } } },
    async (request) => {
      await users.restore(requireAuth(request), request.body.userIds);
      return ok(null, 'Restored');
    },
  );

  app.delete(
    '/sys/user/deleteRecycleBin',
    { config: { access: { permission: Permission.UserRecycleBin } }, schema: { tags, summary: 'Delete users in the recycle bin for good', querystring: recycleBinDeleteQuerySchema, response: { 200: emptyEnvelopeSchema } } },
    async (request) => {
      await users.deleteForever(requireAuth(request), request.query.userIds);
      return ok(null, 'Deleted', ServerCode.DELETED);
    },
  );

  app.get(
    '/sys/user/checkOnlyUser',
    {
      config: { access: { permission: [Permission.UserAdd, Permission.UserEdit] } },
      schema: { tags, summary: 'Whether a user name, e-mail or mobile is free among the users of your tenants (user form)', querystring: checkOnlyUserQuerySchema, response: { 200: emptyEnvelopeSchema } },
    },
    async (request, reply) => {
      const { id, username, email, phone } = request.query;
      const [field, value] = username !== undefined ? (['username', username] as const) : email !== undefined ? (['email', email] as const) : (['phone', phone ?? ''] as const);
      const answer = await users.isAvailable(requireAuth(request), field, value, id);
      if (answer.free) return ok(null, answer.message);
      // Taken: the JeecgBoot shape (success false) so form validators show the message.
      return reply.status(200).send({ success: false, message: answer.message, code: answer.code, result: null, timestamp: Date.now() });
    },
  );

  app.put(
    '/sys/user/changePassword',
    {
      config: { access: { permission: Permission.UserResetPassword } },
      schema: { tags, summary: "Set another user's password (administrators)", body: adminChangePasswordRequestSchema, response: { 200: emptyEnvelopeSchema } },
    },
    async (request) => {
      await users.resetPassword(requireAuth(request), request.body.username, request.body.password);
      return ok(null, 'Password changed', ServerCode.PASSWORD_RESET);
    },
  );

  app.get(
    '/sys/user/queryById',
    { config: { access: 'authenticated' }, schema: { tags, summary: 'One user (yourself, or anyone with system:user:list)', querystring: idQuerySchema, response: { 200: envelopeSchema(userInfoSchema) } } },
    async (request) => ok(await users.queryById(requireAuth(request), request.query.id)),
  );

  app.get(
    '/sys/user/queryUserRole',
    { config: { access: { permission: Permission.UserList } }, schema: { tags, summary: "A user's role ids", querystring: z.object({ userid: idQuerySchema.shape.id }), response: { 200: envelopeSchema(z.array(text())) } } },
    async (request) => ok(await users.roleIdsOf(requireAuth(request), request.query.userid)),
  );

  app.get(
    '/sys/user/userDepartList',
    {
      config: { access: { permission: Permission.UserList } },
      schema: { tags, summary: "A user's departments", querystring: z.object({ userId: idQuerySchema.shape.id }), response: { 200: envelopeSchema(z.array(z.object({ key: text(), title: text() }))) } },
    },
    async (request) => ok(await users.departsOf(requireAuth(request), request.query.userId)),
  );

  const editInfoOptions = {
    config: { access: 'authenticated' as const },
    schema: { tags, summary: 'Edit your own profile', body: editInfoRequestSchema, response: { 200: envelopeSchema(userInfoSchema) } },
  };
  const editInfo = async (request: { body: z.output<typeof editInfoRequestSchema> } & Parameters<typeof requireAuth>[0]) =>
    ok(await users.editInfo(requireAuth(request), request.body), 'Saved', ServerCode.EDITED);
  app.put('/sys/user/edit_info', editInfoOptions, editInfo);
  app.post('/sys/user/edit_info', editInfoOptions, editInfo);
};
