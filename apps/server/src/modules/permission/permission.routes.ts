import {
  DictCode,
  Permission,
  ServerCode,
  menuAddSchema,
  menuEditSchema,
  menuListQuerySchema,
  menuRecordSchema,
  menuSubmenuQuerySchema,
  menuTreeNodeSchema,
  resourceIdQuerySchema,
  resourceIdsQuerySchema,
  splitIds,
  userPermissionsSchema,
} from '@cellsight/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../kit/envelope.js';
import { route } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';
import { allAuthList, authList, buildMenuTree, withoutPlatformRows } from './menu-tree.js';
import { createMenuService } from './menu.service.js';
import type { PermissionRepository } from './permission.repository.js';

const tags = ['menus'];

const routes: FastifyPluginAsyncZod<{ permissions: PermissionRepository }> = async (app, { permissions }) => {
  const logs = app.logs;
  const menus = createMenuService({ permissions, changed: () => app.realtime.toEveryone('permissions.changed', {}) });
  const read = { permission: Permission.MenuList };
  /** `menuType_dictText` in the caller's language. */
  const menuTypeText = async (request: FastifyRequest) => {
    const dictText = await app.dicts.translator(request.language);
    return (menuType: number) => dictText(DictCode.MenuType, menuType);
  };

  route(
    app,
    { method: 'GET', url: '/sys/permission/getUserPermissionByToken', access: 'authenticated', tenancy: 'tenant', scope: 'none', tags: ['auth'], summary: "The signed-in user's menu tree and permission codes", result: userPermissionsSchema },
    async (request) => {
      const auth = requireAuth(request);
      const [granted, all] = await Promise.all([permissions.rowsForUser(auth.userId), permissions.allButtons()]);
      const rows = auth.platform ? granted : withoutPlatformRows(granted, app.platformOnlyCodes);
      // Opening the console fetches the menu once: that is a visit.
      await logs.addVisit({ userId: auth.userId, ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
      return ok({ menu: buildMenuTree(rows), auth: authList(rows), allAuth: allAuthList(all), sysSafeMode: false });
    },
  );

  route(
    app,
    { method: 'GET', url: '/sys/permission/list', access: read, tenancy: 'shared', scope: 'none', tags, summary: 'The whole menu tree (not paged); with `name`, the matching rows flat', input: { querystring: menuListQuerySchema }, result: z.array(menuTreeNodeSchema) },
    async (request) => ok(await menus.list(request.query.name, await menuTypeText(request))),
  );
  route(
    app,
    { method: 'GET', url: '/sys/permission/getSystemMenuList', access: read, tenancy: 'shared', scope: 'none', tags, summary: 'The first-level menus', result: z.array(menuRecordSchema) },
    async (request) => ok(await menus.firstLevel(await menuTypeText(request))),
  );
  route(
    app,
    { method: 'GET', url: '/sys/permission/getSystemSubmenu', access: read, tenancy: 'shared', scope: 'none', tags, summary: 'The rows directly under a menu', input: { querystring: menuSubmenuQuerySchema }, result: z.array(menuRecordSchema) },
    async (request) => ok(await menus.submenu(request.query.parentId, await menuTypeText(request))),
  );
  route(app, { method: 'POST', url: '/sys/permission/add', access: { permission: Permission.MenuAdd }, tenancy: 'shared', scope: 'none', tags, summary: 'Add a menu or button', input: { body: menuAddSchema }, result: null }, async (request) => {
    await menus.add(requireAuth(request), request.body);
    return ok(null, 'Added', ServerCode.ADDED);
  });
  route(app, { method: ['PUT', 'POST'], url: '/sys/permission/edit', access: { permission: Permission.MenuEdit }, tenancy: 'shared', scope: 'none', tags, summary: 'Edit a menu or button', input: { body: menuEditSchema }, result: null }, async (request) => {
    await menus.edit(requireAuth(request), request.body);
    return ok(null, 'Edited', ServerCode.EDITED);
  });
  const remove = { permission: Permission.MenuDelete };
  route(app, { method: 'DELETE', url: '/sys/permission/delete', access: remove, tenancy: 'shared', scope: 'none', tags, summary: 'Delete a row, every row below it and their role grants', input: { querystring: resourceIdQuerySchema }, result: null }, async (request) => {
    await menus.remove([request.query.id]);
    return ok(null, 'Deleted', ServerCode.DELETED);
  });
  route(app, { method: 'DELETE', url: '/sys/permission/deleteBatch', access: remove, tenancy: 'shared', scope: 'none', tags, summary: 'Delete several rows (ids comma-joined) with every row below them', input: { querystring: resourceIdsQuerySchema }, result: null }, async (request) => {
    await menus.remove(splitIds(request.query.ids));
    return ok(null, 'Deleted', ServerCode.BATCH_DELETED);
  });
};

export default routes;
