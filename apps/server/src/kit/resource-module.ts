import type { Resource } from '@cellsight/contract';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ZodApp } from './route.js';
import { type ResourceRouteOptions, resourceRoutes } from './resource-routes.js';
import { createResourceService } from './resource-service.js';
import { createTableRepository } from './table-repository.js';
import { tenantRowsOf } from './tenant-rows.js';

type AnyTable = Parameters<typeof createTableRepository>[1];

export interface ResourceModuleOptions {
  /** The module's name (its folder, which holds the table): the door is `module-<name>`. */
  name: string;
  /** The records as the scope rule sees them (`ResourceRouteOptions.records`). */
  records: ResourceRouteOptions['records'];
  /** With a `tenant` resource: whether a row of no tenant is the platform's, read by every tenant. */
  sharedRows?: boolean;
}

/**
 * The one door of a plain list screen (contract `resourceScreens`): its table, and everything else
 * from the kit (the table repository, the resource service, the resource routes under /boot). Each
 * list column reads the table's column of the same name; a `tenant` resource keeps each tenant's
 * rows through the table's `tenantId`. A screen with rules of its own has a module folder instead.
 */
export function resourceModule(resource: Resource, table: AnyTable, options: ResourceModuleOptions): FastifyPluginAsync {
  const tableColumns = table as unknown as Record<string, AnyPgColumn | undefined>;
  const columnOf = (name: string): AnyPgColumn => {
    const column = tableColumns[name];
    if (!column) throw new Error(`${resource.path}: the table has no column "${name}" for the list column of that name`);
    return column;
  };
  const columns = Object.fromEntries(Object.keys(resource.columns).map((name) => [name, columnOf(name)]));
  const tags = [resource.title[0].toLowerCase()];
  return fp(
    async (app) => {
      const service = createResourceService({
        resource,
        table,
        repository: createTableRepository(app.db, table),
        columns,
        dicts: app.dicts,
        tenantRows: resource.tenancy === 'tenant' ? tenantRowsOf(app.tenantMemberships, columnOf('tenantId'), { sharedRows: options.sharedRows ?? false }) : undefined,
      });
      await app.register(
        async (routes) => {
          resourceRoutes(routes as ZodApp, service, tags, { records: options.records });
        },
        { prefix: '/boot' },
      );
    },
    // Dictionary texts of the list (app.dicts) come from the dict module's door.
    { name: `module-${options.name}`, dependencies: ['module-dict'] },
  );
}
