import {
  categoryDictItemParamsSchema,
  categoryLoadOneQuerySchema,
  categoryResource,
  categoryTreeChildrenQuerySchema,
  categoryTreeDataQuerySchema,
  categoryTreeNodeSchema,
  categoryTreeRootQuerySchema,
  text,
} from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../kit/envelope.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import { route } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';
import type { CategoryService } from './category.service.js';

const tags = ['categories'];
const { path } = categoryResource;
const tree = z.array(categoryTreeNodeSchema);

/**
 * Categories: the kit's calls (add takes the next code under its parent; edit renames or moves a
 * subtree; a category with sub-categories is not deleted), and the tree calls of the category
 * select, which any signed-in form may use (they read names only, within the caller's tenant).
 */
const routes: FastifyPluginAsyncZod<{ service: CategoryService }> = async (app, { service }) => {
  resourceRoutes(app, service, tags, { records: 'scoped' });

  const read = 'authenticated' as const;
  route(
    app,
    { method: 'GET', url: `${path}/loadTreeRoot`, access: read, tenancy: 'tenant', scope: 'scoped', tags, summary: 'The nodes below the one with code pcode (none: the top level); async=false gives the whole subtree nested', input: { querystring: categoryTreeRootQuerySchema }, result: tree },
    async (request) => ok(await service.treeRoot(requireAuth(request), request.query.pcode, request.query.async !== 'false', request.query.condition)),
  );
  route(
    app,
    { method: 'GET', url: `${path}/loadTreeChildren`, access: read, tenancy: 'tenant', scope: 'scoped', tags, summary: 'The children of pid (lazy loading)', input: { querystring: categoryTreeChildrenQuerySchema }, result: tree },
    async (request) => ok(await service.treeChildren(requireAuth(request), request.query.pid, request.query.condition)),
  );
  route(
    app,
    { method: 'GET', url: `${path}/loadTreeData`, access: read, tenancy: 'tenant', scope: 'scoped', tags, summary: 'The children of pid, else of the node with code pcode, else the top level; condition is a JSON object of equality filters on name, code, hasChild, createBy', input: { querystring: categoryTreeDataQuerySchema }, result: tree },
    async (request) => ok(await service.treeData(requireAuth(request), request.query)),
  );
  route(
    app,
    { method: 'GET', url: `${path}/loadOne`, access: read, tenancy: 'tenant', scope: 'scoped', tags, summary: 'The one category whose field (id, code or name) equals val', input: { querystring: categoryLoadOneQuerySchema }, result: categoryResource.record },
    async (request) => ok(await service.loadOne(requireAuth(request), request.query.field, request.query.val)),
  );
  route(
    app,
    { method: 'GET', url: `${path}/loadDictItem/:ids`, access: read, tenancy: 'tenant', scope: 'scoped', tags, summary: 'The names of comma-joined ids, in their order (unknown ids left out)', input: { params: categoryDictItemParamsSchema }, result: z.array(text()) },
    async (request) => ok(await service.dictItems(requireAuth(request), request.params.ids)),
  );
};

export default routes;
