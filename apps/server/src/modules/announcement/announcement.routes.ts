import { Permission, ServerCode, announcementEndpoints, announcementResource } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import { endpointRoute } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';

const tags = ['announcements'];

/**
 * Announcements (spec section 7): the administrators' screen (list, add, edit a draft, delete,
 * export), publish and revoke; every signed-in user's bell, list and read marks.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const service = app.announcements;
  // queryById is every reader's (below), not the screen's alone.
  resourceRoutes(app, { resource: announcementResource, list: service.list, add: service.add, edit: service.edit, remove: service.remove, exportSheet: service.exportSheet }, tags, { records: 'scoped' });

  endpointRoute(
    app,
    announcementEndpoints.queryById,
    { access: 'authenticated', tenancy: 'tenant', scope: 'scoped', tags, summary: 'One announcement: an administrator’s of their tenant in any state, else one published for the caller' },
    async (request) => ok(await service.byId(requireAuth(request), request.query.id, request.language)),
  );

  endpointRoute(
    app,
    announcementEndpoints.release,
    { access: { permission: Permission.AnnouncementRelease }, tenancy: 'tenant', scope: 'scoped', tags, summary: 'Publish a draft: it reaches its readers at once (live push)' },
    async (request) => {
      await service.publish(requireAuth(request), request.query.id);
      return ok(null, 'The announcement was published', ServerCode.SUCCESS);
    },
  );
  endpointRoute(
    app,
    announcementEndpoints.revoke,
    { access: { permission: Permission.AnnouncementRelease }, tenancy: 'tenant', scope: 'scoped', tags, summary: 'Revoke a published announcement: it leaves every bell and list' },
    async (request) => {
      await service.revoke(requireAuth(request), request.query.id);
      return ok(null, 'The announcement was revoked', ServerCode.SUCCESS);
    },
  );

  endpointRoute(
    app,
    announcementEndpoints.listByUser,
    { access: 'authenticated', tenancy: 'tenant', scope: 'none', tags, summary: 'The bell: the caller’s unread notices and system messages (newest `pageSize` of each) and their counts' },
    async (request) => ok(await service.listByUser(requireAuth(request), request.query.pageSize, request.language)),
  );

  endpointRoute(
    app,
    announcementEndpoints.mine,
    {
      access: 'authenticated',
      tenancy: 'tenant', scope: 'none',
      tags,
      summary: 'The caller’s announcements, read or not (readFlag 0/1, msgCategory 1 notice / 2 system, titile contains), newest first',
    },
    async (request) => ok(await service.mine(requireAuth(request), request.query, request.language)),
  );

  // Read marks change only the caller's own state: the demo account may make them too.
  endpointRoute(
    app,
    announcementEndpoints.markRead,
    { access: 'authenticated', tenancy: 'tenant', scope: 'none', demoAllowed: true, tags, summary: 'The caller read this announcement' },
    async (request) => {
      await service.markRead(requireAuth(request), request.body.anntId);
      return ok(null);
    },
  );
  endpointRoute(
    app,
    announcementEndpoints.readAll,
    { access: 'authenticated', tenancy: 'tenant', scope: 'none', demoAllowed: true, tags, summary: 'The caller read everything (the number marked is the result)' },
    async (request) => ok(await service.markAllRead(requireAuth(request)), 'All read'),
  );
};

export default routes;
