import { DictCode, Permission, ServerCode, menuEndpoints, splitIds } from '@cellsight/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { endpointRoute } from '../../kit/route.js';
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

  endpointRoute(
    app,
    menuEndpoints.userPermissions,
    { access: 'authenticated', tenancy: 'tenant', scope: 'none', tags: ['auth'], summary: "The signed-in user's menu tree and permission codes" },
    async (request) => {
      const auth = requireAuth(request);
      const [granted, all] = await Promise.all([permissions.rowsForUser(auth.userId), permissions.allButtons()]);
      const rows = auth.platform ? granted : withoutPlatformRows(granted, app.platformOnlyCodes);
      // Opening the console fetches the menu once: that is a visit.
      await logs.addVisit({ userId: auth.userId, ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
      return ok({ menu: buildMenuTree(rows), auth: authList(rows), allAuth: allAuthList(all), sysSafeMode: false });
    },
  );

  endpointRoute(
    app,
    menuEndpoints.list,
    { access: read, tenancy: 'shared', scope: 'none', tags, summary: 'The whole menu tree (not paged); with `name`, the matching rows flat' },
    async (request) => ok(await menus.list(request.query.name, await menuTypeText(request))),
  );
  endpointRoute(app, menuEndpoints.firstLevel, { access: read, tenancy: 'shared', scope: 'none', tags, summary: 'The first-level menus' }, async (request) => ok(await menus.firstLevel(await menuTypeText(request))));
  endpointRoute(
    app,
    menuEndpoints.submenu,
    { access: read, tenancy: 'shared', scope: 'none', tags, summary: 'The rows directly under a menu' },
    async (request) => ok(await menus.submenu(request.query.parentId, await menuTypeText(request))),
  );
  endpointRoute(
    app,
    menuEndpoints.submenuBatch,
    { access: read, tenancy: 'shared', scope: 'none', tags, summary: 'The rows directly under each of several menus (parentIds comma-joined), by parent id' },
    async (request) => ok(await menus.submenuBatch(splitIds(request.query.parentIds), await menuTypeText(request))),
  );
  endpointRoute(app, menuEndpoints.add, { access: { permission: Permission.MenuAdd }, tenancy: 'shared', scope: 'none', tags, summary: 'Add a menu or button' }, async (request) => {
    await menus.add(requireAuth(request), request.body);
    return ok(null, 'Added', ServerCode.ADDED);
  });
  endpointRoute(app, menuEndpoints.edit, { access: { permission: Permission.MenuEdit }, tenancy: 'shared', scope: 'none', tags, summary: 'Edit a menu or button' }, async (request) => {
    await menus.edit(requireAuth(request), request.body);
    return ok(null, 'Edited', ServerCode.EDITED);
  });
  // The menu form's duplicate check of a button's permission code (`/sys/duplicate/check?tableName=sys_permission&fieldName=perms`):
  // for those who may add or edit rows, answering as the add and the edit decide.
  app.duplicateChecks.set('sys_permission', {
    fields: ['perms'],
    access: [Permission.MenuAdd, Permission.MenuEdit],
    check: (_auth, _field, value, exceptId) => menus.permsAvailability(value, exceptId),
  });
  const remove = { permission: Permission.MenuDelete };
  endpointRoute(app, menuEndpoints.delete, { access: remove, tenancy: 'shared', scope: 'none', tags, summary: 'Delete a row, every row below it and their role grants' }, async (request) => {
    await menus.remove([request.query.id]);
    return ok(null, 'Deleted', ServerCode.DELETED);
  });
  endpointRoute(app, menuEndpoints.deleteBatch, { access: remove, tenancy: 'shared', scope: 'none', tags, summary: 'Delete several rows (ids comma-joined) with every row below them' }, async (request) => {
    await menus.remove(splitIds(request.query.ids));
    return ok(null, 'Deleted', ServerCode.BATCH_DELETED);
  });
};

export default routes;
