import fp from 'fastify-plugin';
import { type CategoryCodes, createCategoryCodes } from './category.face.js';
import { createCategoryRepository } from './category.repository.js';
import { createCategoryService } from './category.service.js';
import routes from './category.routes.js';

export type { CategoryCodes } from './category.face.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The category module's face (modules/category/category.face.ts). */
    categories: CategoryCodes;
  }
}

/** The category module's one door: System → Categories, and the codes a fill rule gives new categories (app.categories). Its routes are under /boot. */
export default fp(
  async (app) => {
    const categories = createCategoryRepository(app.db);
    app.decorate('categories', createCategoryCodes(categories));
    await app.register(routes, { prefix: '/boot', service: createCategoryService(categories, app.dicts) });
  },
  { name: 'module-category', dependencies: ['module-dict'] },
);
