import { categoryEndpoints, categoryRootPid, categoryResource, limits, listQuerySchema } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { resourceRoutes } from '../../kit/resource-routes.js';
import { endpointRoute } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';
import type { CategoryService } from './category.service.js';

const tags = ['categories'];

/**
 * Categories: the kit's calls (add takes the next code under its parent; edit renames or moves a
 * subtree; a category with sub-categories is not deleted), and the tree calls of the category
 * select, which any signed-in form may use (they read names only, within the caller's tenant).
 */
const routes: FastifyPluginAsyncZod<{ service: CategoryService }> = async (app, { service }) => {
  resourceRoutes(app, service, tags, { records: 'scoped' });

  // JeecgBoot's own category screen lists the roots, then each node's children, through the list
  // query of the screen kit (its filters, sorts and paging; a search by name or code looks at every level).
  const list = { permission: categoryResource.permissions.list };
  endpointRoute(
    app,
    categoryEndpoints.rootList,
    { access: list, tenancy: 'tenant', scope: 'scoped', tags, summary: 'The top-level categories (list contract); searching by name or code, every level' },
    async (request) => {
      const { query } = request;
      const searching = [query.name, query.code].some((value) => typeof value === 'string' && value.trim() !== '');
      const roots = query.pid || searching ? query : Object.assign({}, query, { pid: categoryRootPid });
      return ok(await service.list(requireAuth(request), roots, request.language));
    },
  );
  /** The list query of the children of one or several (comma-joined) parents, all on one page. */
  const childrenOf = (parents: string) => listQuerySchema.parse({ pid: parents, pageSize: String(limits.pageSizeMax), column: 'code', order: 'asc' });
  endpointRoute(
    app,
    categoryEndpoints.childList,
    { access: list, tenancy: 'tenant', scope: 'scoped', tags, summary: 'The children of pid, in code order' },
    async (request) => ok((await service.list(requireAuth(request), childrenOf(request.query.pid), request.language)).records),
  );
  endpointRoute(
    app,
    categoryEndpoints.childListBatch,
    { access: list, tenancy: 'tenant', scope: 'scoped', tags, summary: 'The children of each of parentIds (comma-joined), as one page' },
    async (request) => ok(await service.list(requireAuth(request), childrenOf(request.query.parentIds), request.language)),
  );

  const read = 'authenticated' as const;
  endpointRoute(
    app,
    categoryEndpoints.treeRoot,
    { access: read, tenancy: 'tenant', scope: 'scoped', tags, summary: 'The nodes below the one with code pcode (none: the top level); async=false gives the whole subtree nested' },
    async (request) => ok(await service.treeRoot(requireAuth(request), request.query.pcode, request.query.async !== 'false', request.query.condition)),
  );
  endpointRoute(
    app,
    categoryEndpoints.treeChildren,
    { access: read, tenancy: 'tenant', scope: 'scoped', tags, summary: 'The children of pid (lazy loading)' },
    async (request) => ok(await service.treeChildren(requireAuth(request), request.query.pid, request.query.condition)),
  );
  endpointRoute(
    app,
    categoryEndpoints.treeData,
    { access: read, tenancy: 'tenant', scope: 'scoped', tags, summary: 'The children of pid, else of the node with code pcode, else the top level; condition is a JSON object of equality filters on name, code, hasChild, createBy' },
    async (request) => ok(await service.treeData(requireAuth(request), request.query)),
  );
  endpointRoute(
    app,
    categoryEndpoints.loadOne,
    { access: read, tenancy: 'tenant', scope: 'scoped', tags, summary: 'The one category whose field (id, code or name) equals val' },
    async (request) => ok(await service.loadOne(requireAuth(request), request.query.field, request.query.val)),
  );
  endpointRoute(
    app,
    categoryEndpoints.dictItems,
    { access: read, tenancy: 'tenant', scope: 'scoped', tags, summary: 'The names of comma-joined ids, in their order (unknown ids left out)' },
    async (request) => ok(await service.dictItems(requireAuth(request), request.params.ids)),
  );
};

export default routes;
