import { Permission, ServerCode, departResource, departUserListQuerySchema, departUsersAddRequestSchema, departUsersRemoveQuerySchema, pageSchema, splitIds, userRecordSchema, usersByDepartQuerySchema } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../kit/envelope.js';
import { route } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';
import type { DepartUsersService } from './depart-users.service.js';

const tags = ['departments'];

/** The users of a department (System → Departments → Users; JeecgBoot serves them under /sys/user). */
const routes: FastifyPluginAsyncZod<{ service: DepartUsersService }> = async (app, { service }) => {
  const { permissions } = departResource;
  route(
    app,
    { method: 'GET', url: '/sys/user/departUserList', access: { permission: permissions.list }, tenancy: 'tenant', scope: { record: 'depart', in: 'query.depId' }, tags, summary: 'The users of department depId (list contract, as the users list)', input: { querystring: departUserListQuerySchema }, result: pageSchema(userRecordSchema) },
    async (request) => {
      const { depId, ...query } = request.query;
      return ok(await service.users(requireAuth(request), depId, query, request.language));
    },
  );
  route(
    app,
    {
      method: 'GET',
      url: '/sys/user/queryUserByDepId',
      access: { permission: [Permission.UserList, permissions.list, Permission.AddressBookList] },
      tenancy: 'tenant', scope: { record: 'depart', in: 'query.id' },
      tags,
      summary: 'The users of department id for the user picker (at most 1000, by user name), optionally whose real name holds realname',
      input: { querystring: usersByDepartQuerySchema },
      result: z.array(userRecordSchema),
    },
    async (request) => ok(await service.usersByDepart(requireAuth(request), request.query.id, request.query.realname, request.language)),
  );
  route(
    app,
    { method: 'POST', url: '/sys/user/editSysDepartWithUser', access: { permission: Permission.DepartEdit }, tenancy: 'tenant', scope: { record: 'depart', in: 'body.depId' }, tags, summary: 'Put users into a department', input: { body: departUsersAddRequestSchema }, result: null },
    async (request) => {
      await service.addUsers(requireAuth(request), request.body.depId, request.body.userIdList);
      return ok(null, 'Added', ServerCode.ADDED);
    },
  );
  route(
    app,
    { method: 'DELETE', url: '/sys/user/deleteUserInDepartBatch', access: { permission: Permission.DepartEdit }, tenancy: 'tenant', scope: { record: 'depart', in: 'query.depId', destroys: true }, tags, summary: 'Take users out of a department (userIds comma-joined)', input: { querystring: departUsersRemoveQuerySchema }, result: null },
    async (request) => {
      await service.removeUsers(requireAuth(request), request.query.depId, splitIds(request.query.userIds));
      return ok(null, 'Deleted', ServerCode.BATCH_DELETED);
    },
  );
};

export default routes;
