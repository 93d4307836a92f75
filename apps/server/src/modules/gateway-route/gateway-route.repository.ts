import type { gatewayRouteResource } from '@cellsight/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { gatewayRoutes } from '../../db/schema.js';
import type { ResourceServiceOptions } from '../../kit/resource-service.js';
import { createTableRepository } from '../../kit/table-repository.js';

const t = gatewayRoutes;

/** Stored routes as the server uses them (headers in full, never answered as such), and the screen kit's reads. */
export const createGatewayRouteRepository = (db: Database) => ({
  /** What the screen kit reads gateway routes through: the table and the list's columns. */
  screen: {
    table: t,
    repository: createTableRepository(db, t),
    columns: { code: t.code, name: t.name, purpose: t.purpose, url: t.url, method: t.method, timeoutMs: t.timeoutMs, status: t.status, createTime: t.createTime },
  } satisfies Omit<ResourceServiceOptions<typeof gatewayRouteResource, typeof gatewayRoutes>, 'resource' | 'dicts'>,

  async byId(id: string) {
    const [row] = await db
      .select({ url: gatewayRoutes.url, method: gatewayRoutes.method, headers: gatewayRoutes.headers, timeoutMs: gatewayRoutes.timeoutMs })
      .from(gatewayRoutes)
      .where(eq(gatewayRoutes.id, id));
    return row ?? null;
  },
});
