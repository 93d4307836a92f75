import { Permission, ServerCode, departEndpoints, departResource, splitIds } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { endpointRoute } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';

import type { DepartRepository } from './depart.repository.js';
import { createDepartService } from './depart.service.js';

const tags = ['departments'];

/**
 * Departments (JeecgBoot `/sys/sysDepart`); the users of a department (JeecgBoot keeps those under
 * `/sys/user`) are the user module's (depart-users.routes.ts). A department's parent is fixed once it exists: `edit` refuses a new
 * `parentId` (the org codes of a moved subtree would all change).
 */
const routes: FastifyPluginAsyncZod<{ departs: DepartRepository }> = async (app, { departs }) => {
  const service = createDepartService({
    departs,
    tenants: app.tenantMemberships,
    dicts: app.dicts,
    onUsersChanged: (ids) => {
      app.realtime.usersChanged(ids);
      // Joining or leaving a department gives or ends what its department roles grant the user.
      app.realtime.permissionsChanged(ids);
    },
  });
  const { permissions } = departResource;

  // The user form places users in departments: it reads the tree too.
  endpointRoute(
    app,
    departEndpoints.tree,
    { access: { permission: [permissions.list, Permission.UserAdd, Permission.UserEdit, Permission.AddressBookList] }, tenancy: 'tenant', scope: 'none', tags, summary: 'The department tree' },
    async (request) => ok(await service.tree(requireAuth(request))),
  );
  endpointRoute(
    app,
    departEndpoints.search,
    {
      access: { permission: permissions.list },
      tenancy: 'tenant', scope: 'none',
      tags,
      summary: 'Departments whose name holds keyWord (any case), as flat tree nodes; without keyWord the roots',
    },
    async (request) => ok(await service.search(requireAuth(request), request.query.keyWord)),
  );
  endpointRoute(
    app,
    departEndpoints.treeSync,
    // Read where the whole tree is read: the Departments screen and the pickers of the user forms and the address book.
    { access: { permission: [permissions.list, Permission.UserAdd, Permission.UserEdit, Permission.AddressBookList] }, tenancy: 'tenant', scope: 'none', tags, summary: 'One level of the department tree, loaded as it opens: the children of pid (the roots without it), each with isLeaf' },
    async (request) => ok(await service.treeLevel(requireAuth(request), request.query.pid || undefined)),
  );
  // The department pickers of other screens (users, user-by-department) read this one.
  endpointRoute(
    app,
    departEndpoints.idTree,
    { access: { permission: [permissions.list, Permission.UserList, Permission.UserAdd, Permission.UserEdit, Permission.AddressBookList] }, tenancy: 'tenant', scope: 'none', tags, summary: 'The department tree for tree selects (key, value, title, children)' },
    async (request) => ok(await service.idTree(requireAuth(request))),
  );
  endpointRoute(
    app,
    departEndpoints.add,
    { access: { permission: Permission.DepartAdd }, tenancy: 'tenant', scope: 'none', tags, summary: 'Add a department (below parentId, else a root) with a generated org code (A01, A01A01, …); the answer is its id' },
    async (request) => ok(await service.add(requireAuth(request), request.body), 'Added', ServerCode.ADDED),
  );
  endpointRoute(
    app,
    departEndpoints.edit,
    { access: { permission: Permission.DepartEdit }, tenancy: 'tenant', scope: { record: 'depart', in: 'body.id' }, tags, summary: 'Edit a department; its parent cannot change (a different parentId is refused)' },
    async (request) => {
      await service.edit(requireAuth(request), request.body);
      return ok(null, 'Edited', ServerCode.EDITED);
    },
  );
  endpointRoute(
    app,
    departEndpoints.delete,
    { access: { permission: Permission.DepartDelete }, tenancy: 'tenant', scope: { record: 'depart', in: 'query.id', destroys: true }, tags, summary: 'Delete a department without sub-departments; its user links go too' },
    async (request) => {
      await service.remove(requireAuth(request), [request.query.id], 'id');
      return ok(null, 'Deleted', ServerCode.DELETED);
    },
  );
  endpointRoute(
    app,
    departEndpoints.deleteBatch,
    { access: { permission: Permission.DepartDelete }, tenancy: 'tenant', scope: { record: 'depart', in: 'query.ids', destroys: true }, tags, summary: 'Delete departments (ids comma-joined); each sub-department must be among them' },
    async (request) => {
      await service.remove(requireAuth(request), splitIds(request.query.ids), 'ids');
      return ok(null, 'Deleted', ServerCode.BATCH_DELETED);
    },
  );
};

export default routes;
