import type { CategoryRepository } from './category.repository.js';

/**
 * The category module's face: what a fill rule needs to number a new category (the caller's
 * tenant, the next free code below a parent). The door builds it once, as `app.categories`; the
 * module's repository stays its own.
 */
export const createCategoryCodes = (repository: CategoryRepository) => {
  const { nextCode, tenantOf } = repository;
  return { nextCode, tenantOf };
};

export type CategoryCodes = ReturnType<typeof createCategoryCodes>;
