import { Permission, ServerCode, departResource, departUserEndpoints, splitIds } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { endpointRoute } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';
import type { DepartUsersService } from './depart-users.service.js';

const tags = ['departments'];

/** The users of a department (System → Departments → Users; JeecgBoot serves them under /sys/user). */
const routes: FastifyPluginAsyncZod<{ service: DepartUsersService }> = async (app, { service }) => {
  const { permissions } = departResource;
  endpointRoute(
    app,
    departUserEndpoints.list,
    { access: { permission: permissions.list }, tenancy: 'tenant', scope: { record: 'depart', in: 'query.depId' }, tags, summary: 'The users of department depId (list contract, as the users list)' },
    async (request) => {
      const { depId, ...query } = request.query;
      return ok(await service.users(requireAuth(request), depId, query, request.language));
    },
  );
  endpointRoute(
    app,
    departUserEndpoints.byDepart,
    {
      access: { permission: [Permission.UserList, permissions.list, Permission.AddressBookList] },
      tenancy: 'tenant', scope: { record: 'depart', in: 'query.id' },
      tags,
      summary: 'The users of department id for the user picker (at most 1000, by user name), optionally whose real name holds realname',
    },
    async (request) => ok(await service.usersByDepart(requireAuth(request), request.query.id, request.query.realname, request.language)),
  );
  endpointRoute(
    app,
    departUserEndpoints.add,
    { access: { permission: Permission.DepartEdit }, tenancy: 'tenant', scope: { record: 'depart', in: 'body.depId' }, tags, summary: 'Put users into a department' },
    async (request) => {
      await service.addUsers(requireAuth(request), request.body.depId, request.body.userIdList);
      return ok(null, 'Added', ServerCode.ADDED);
    },
  );
  endpointRoute(
    app,
    departUserEndpoints.remove,
    { access: { permission: Permission.DepartEdit }, tenancy: 'tenant', scope: { record: 'depart', in: 'query.depId', destroys: true }, tags, summary: 'Take users out of a department (userIds comma-joined)' },
    async (request) => {
      await service.removeUsers(requireAuth(request), request.query.depId, splitIds(request.query.userIds));
      return ok(null, 'Deleted', ServerCode.BATCH_DELETED);
    },
  );
};

export default routes;
