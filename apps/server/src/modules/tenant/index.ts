import fp from 'fastify-plugin';
import { createTenantRepository } from './tenant.repository.js';
import { createTenantService } from './tenant.service.js';
import routes from './tenant.routes.js';

/** The tenant module's one door: System → Tenants and a tenant's users. Its routes are under /boot. */
export default fp(
  async (app) => {
    const service = createTenantService({
      tenants: createTenantRepository(app.db),
      users: app.userAccounts,
      sessions: app.sessions,
      dicts: app.dicts,
      onUsersChanged: app.realtime.usersChanged,
    });
    await app.register(routes, { prefix: '/boot', service });
  },
  { name: 'module-tenant', dependencies: ['module-dict', 'module-user'] },
);
