import { Permission, ServerCode, dictEndpoints } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { availabilityAnswer, ok } from '../../kit/envelope.js';
import { forbidden } from '../../lib/errors.js';
import { requireAuth } from '../../access/auth-context.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import { endpointRoute } from '../../kit/route.js';
import type { DictAdminService } from './dict-admin.service.js';

const tags = ['dictionaries'];

const routes: FastifyPluginAsyncZod<{ admin: DictAdminService }> = async (app, { admin }) => {
  resourceRoutes(app, admin.dictionaries, tags, { records: 'none' });
  resourceRoutes(app, admin.items, tags, { records: 'none' });

  endpointRoute(
    app,
    dictEndpoints.allItems,
    { access: 'authenticated', tenancy: 'shared', scope: 'none', tags, summary: 'Every dictionary by code, texts in the Accept-Language' },
    async (request) => ok(await app.dicts.all(request.language)),
  );

  endpointRoute(
    app,
    dictEndpoints.labels,
    { access: 'authenticated', tenancy: 'shared', scope: 'none', tags, summary: 'The texts of several values of one dictionary (key comma-joined) in the Accept-Language, in their order; a value it does not hold stays as it is' },
    async (request) => ok(await app.dicts.labels(request.params.dictCode, request.query.key.split(',').map((value) => value.trim()), request.language)),
  );
  endpointRoute(
    app,
    dictEndpoints.search,
    { access: 'authenticated', tenancy: 'shared', scope: 'none', tags, summary: 'Options of a search select: the first pageSize enabled items of one dictionary whose text or value holds keyword (any case)' },
    async (request) => ok(await app.dicts.search(request.params.dictCode, request.query.keyword, request.query.pageSize, request.language)),
  );
  endpointRoute(
    app,
    dictEndpoints.items,
    {
      access: 'authenticated',
      tenancy: 'shared', scope: 'none',
      tags,
      summary: 'The enabled items of one dictionary by sort order, texts in the Accept-Language (an unknown code has none; table dictionaries are not offered)',
    },
    async (request) => ok(await app.dicts.items(request.params.dictCode, request.language)),
  );

  endpointRoute(
    app,
    dictEndpoints.refreshCache,
    { access: { permission: Permission.DictRefreshCache }, tenancy: 'platform', scope: 'none', tags, summary: 'Drop the dictionary cache; every console reloads its dictionaries' },
    async () => {
      admin.refreshCache();
      return ok(null, 'Dictionary cache refreshed');
    },
  );

  endpointRoute(
    app,
    dictEndpoints.saveItems,
    {
      access: { permission: [Permission.DictAdd, Permission.DictEdit, Permission.DictDelete] },
      tenancy: 'shared', scope: 'none',
      tags,
      summary: "A dictionary's added, changed and removed items in one transaction (the items grid's save); any failing row refuses the whole save",
    },
    async (request) => {
      const auth = requireAuth(request);
      // Each kind of change needs its own permission, as the per-item calls do.
      const needed = [request.body.added.length > 0 && Permission.DictAdd, request.body.updated.length > 0 && Permission.DictEdit, request.body.removed.length > 0 && Permission.DictDelete];
      if (needed.some((code) => code && !auth.permissions.has(code))) throw forbidden();
      return ok(await admin.saveItemBatch(auth, request.body), 'Saved');
    },
  );

  endpointRoute(
    app,
    dictEndpoints.checkItemValue,
    {
      access: { permission: [Permission.DictAdd, Permission.DictEdit] },
      tenancy: 'platform', scope: 'none',
      tags,
      summary: 'Whether an item value is still free within its dictionary (`id`: the item being edited)',
    },
    async (request) => {
      const { dictId, itemValue, id } = request.query;
      const free = await admin.isItemValueFree(dictId, itemValue, id);
      return availabilityAnswer(free ? { free, code: ServerCode.OK, message: 'This value is available' } : { free, code: ServerCode.INCORRECT_PARAMETER, message: 'This value already exists' });
    },
  );
};

export default routes;
