import {
  Permission,
  ServerCode,
  announcementIdQuerySchema,
  announcementResource,
  listByUserQuerySchema,
  listByUserSchema,
  markReadSchema,
  myAnnouncementsQuerySchema,
  pageSchema,
  userAnnouncementSchema,
} from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../kit/envelope.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import { route } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';

const tags = ['announcements'];
const { path } = announcementResource;
const sendPath = '/sys/sysAnnouncementSend';

/**
 * Announcements (spec section 7): the administrators' screen (list, add, edit a draft, delete,
 * export), publish and revoke; every signed-in user's bell, list and read marks.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const service = app.announcements;
  // queryById is every reader's (below), not the screen's alone.
  resourceRoutes(app, { resource: announcementResource, list: service.list, add: service.add, edit: service.edit, remove: service.remove, exportSheet: service.exportSheet }, tags, { records: 'scoped' });

  route(
    app,
    { method: 'GET', url: `${path}/queryById`, access: 'authenticated', tenancy: 'tenant', scope: 'scoped', tags, summary: 'One announcement: an administrator’s of their tenant in any state, else one published for the caller', input: { querystring: announcementIdQuerySchema }, result: announcementResource.record },
    async (request) => ok(await service.byId(requireAuth(request), request.query.id, request.language)),
  );

  route(
    app,
    { method: 'GET', url: `${path}/doReleaseData`, access: { permission: Permission.AnnouncementRelease }, tenancy: 'tenant', scope: 'scoped', tags, summary: 'Publish a draft: it reaches its readers at once (live push)', input: { querystring: announcementIdQuerySchema }, result: null },
    async (request) => {
      await service.publish(requireAuth(request), request.query.id);
      return ok(null, 'The announcement was published', ServerCode.SUCCESS);
    },
  );
  route(
    app,
    { method: 'GET', url: `${path}/doReovkeData`, access: { permission: Permission.AnnouncementRelease }, tenancy: 'tenant', scope: 'scoped', tags, summary: 'Revoke a published announcement: it leaves every bell and list', input: { querystring: announcementIdQuerySchema }, result: null },
    async (request) => {
      await service.revoke(requireAuth(request), request.query.id);
      return ok(null, 'The announcement was revoked', ServerCode.SUCCESS);
    },
  );

  route(
    app,
    { method: 'GET', url: `${path}/listByUser`, access: 'authenticated', tenancy: 'tenant', scope: 'none', tags, summary: 'The bell: the caller’s unread notices and system messages (newest `pageSize` of each) and their counts', input: { querystring: listByUserQuerySchema }, result: listByUserSchema },
    async (request) => ok(await service.listByUser(requireAuth(request), request.query.pageSize, request.language)),
  );

  route(
    app,
    {
      method: 'GET',
      url: `${sendPath}/getMyAnnouncementSend`,
      access: 'authenticated',
      tenancy: 'tenant', scope: 'none',
      tags,
      summary: 'The caller’s announcements, read or not (readFlag 0/1, msgCategory 1 notice / 2 system, titile contains), newest first',
      input: { querystring: myAnnouncementsQuerySchema },
      result: pageSchema(userAnnouncementSchema),
    },
    async (request) => ok(await service.mine(requireAuth(request), request.query, request.language)),
  );

  // Read marks change only the caller's own state: the demo account may make them too.
  route(
    app,
    { method: ['PUT', 'POST'], url: `${sendPath}/editByAnntIdAndUserId`, access: 'authenticated', tenancy: 'tenant', scope: 'none', demoAllowed: true, tags, summary: 'The caller read this announcement', input: { body: markReadSchema }, result: null },
    async (request) => {
      await service.markRead(requireAuth(request), request.body.anntId);
      return ok(null);
    },
  );
  route(
    app,
    { method: ['PUT', 'POST'], url: `${sendPath}/readAll`, access: 'authenticated', tenancy: 'tenant', scope: 'none', demoAllowed: true, tags, summary: 'The caller read everything (the number marked is the result)', result: z.number().int() },
    async (request) => ok(await service.markAllRead(requireAuth(request)), 'All read'),
  );
};

export default routes;
