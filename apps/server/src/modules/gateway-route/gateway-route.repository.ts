import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { gatewayRoutes } from '../../db/schema.js';

/** Stored routes as the server uses them (headers in full, never answered as such). */
export const createGatewayRouteRepository = (db: Database) => ({
  async byId(id: string) {
    const [row] = await db
      .select({ url: gatewayRoutes.url, method: gatewayRoutes.method, headers: gatewayRoutes.headers, timeoutMs: gatewayRoutes.timeoutMs })
      .from(gatewayRoutes)
      .where(eq(gatewayRoutes.id, id));
    return row ?? null;
  },
});
