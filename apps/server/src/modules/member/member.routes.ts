import { Permission, ServerCode, memberEndpoints, splitIds } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import { endpointRoute } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';
import type { MemberService } from './member.service.js';

const tags = ['members'];

const routes: FastifyPluginAsyncZod<{ service: MemberService }> = async (app, { service: members }) => {

  // List, edit, export and the duplicate check: the kit's calls. Creation and deletion are the
  // screen's own below (roles follow the account type; a deletion hands members on), with their audit notes.
  const { resource, list, edit, exportSheet, isAvailable } = members;
  resourceRoutes(app, { resource, list, edit, exportSheet, isAvailable }, tags, { records: 'member' });

  endpointRoute(
    app,
    memberEndpoints.add,
    { access: { permission: Permission.MemberAdd }, tenancy: 'tenant', scope: 'scoped', tags, summary: 'Create an account below you (the new id is the result)' },
    async (request) => {
      const id = await members.add(requireAuth(request), request.body);
      request.operationNote = `Created member ${request.body.username} (${id}), ${request.body.accountType} under ${request.body.superiorId ?? request.auth?.userId}`;
      return ok(id, 'Added', ServerCode.ADDED);
    },
  );

  const remove = { permission: Permission.MemberDelete };
  endpointRoute(app, memberEndpoints.delete, { access: remove, tenancy: 'tenant', scope: { record: 'member', in: 'query.id', destroys: true }, tags, summary: 'Delete a member: stations stay; its members go to its successor' }, async (request) => {
    request.operationNote = await members.remove(requireAuth(request), [request.query.id]);
    return ok(null, 'Deleted', ServerCode.DELETED);
  });
  endpointRoute(app, memberEndpoints.deleteBatch, { access: remove, tenancy: 'tenant', scope: { record: 'member', in: 'query.ids', destroys: true }, tags, summary: 'Delete several members (ids comma-joined)' }, async (request) => {
    request.operationNote = await members.remove(requireAuth(request), splitIds(request.query.ids));
    return ok(null, 'Deleted', ServerCode.BATCH_DELETED);
  });

  endpointRoute(app, memberEndpoints.move, { access: { permission: Permission.MemberMove }, tenancy: 'tenant', scope: { record: 'member', in: 'body.id', destroys: true }, tags, summary: 'Put a member under another installer or distributor' }, async (request) => {
    request.operationNote = await members.move(requireAuth(request), request.body.id, request.body.superiorId);
    return ok(null, 'Moved', ServerCode.EDITED);
  });

  endpointRoute(
    app,
    memberEndpoints.options,
    { access: { permission: [Permission.MemberList, Permission.MemberAdd, Permission.MemberMove] }, tenancy: 'tenant', scope: 'none', tags, summary: 'The account types you may create, and the accounts members may go under' },
    async (request) => ok(await members.options(requireAuth(request))),
  );

  endpointRoute(
    app,
    memberEndpoints.permissions,
    { access: { permission: Permission.MemberGrant }, tenancy: 'tenant', scope: { record: 'member', in: 'query.id' }, tags, summary: "A member's grantable buttons: by role, granted, grantable by you" },
    async (request) => ok(await members.permissionsOf(requireAuth(request), request.query.id)),
  );
  endpointRoute(app, memberEndpoints.grant, { access: { permission: Permission.MemberGrant }, tenancy: 'tenant', scope: { record: 'member', in: 'body.id', destroys: true }, tags, summary: "Set a member's checkbox grants (within what you hold)" }, async (request) => {
    request.operationNote = await members.grant(requireAuth(request), request.body.id, request.body.permissionIds);
    return ok(null, 'Saved', ServerCode.EDITED);
  });
};

export default routes;
