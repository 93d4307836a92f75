import { Permission, dashboardEndpoints } from '@cellsight/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../kit/envelope.js';
import { endpointRoute } from '../../kit/route.js';
import { requireAuth } from '../../access/auth-context.js';
import type { DashboardService } from './dashboard.service.js';

const tags = ['dashboard'];

/** The dashboards (spec section 2): analysis, monitor and workplace, each within the caller's scope. */
const routes: FastifyPluginAsyncZod<{ service: DashboardService }> = async (app, { service }) => {
  endpointRoute(
    app,
    dashboardEndpoints.analysis,
    {
      access: { permission: Permission.DashboardAnalysis },
      tenancy: 'tenant', scope: 'scoped',
      tags,
      summary:
        'The caller’s fleet: stations by status, loggers online and offline, open events by type, energy charged and discharged today, this month and this year (each station’s own calendar), the daily energy of the last 30 days and the stations with most fault and protect events in them',
    },
    async (request) => ok(await service.analysis(requireAuth(request))),
  );

  endpointRoute(
    app,
    dashboardEndpoints.monitor,
    {
      access: { permission: Permission.DashboardMonitor },
      tenancy: 'tenant', scope: 'scoped',
      tags,
      summary: 'The caller’s located stations for the map (at most 5,000, the worst status first) with their status, and how many are and are not located',
    },
    async (request) => ok(await service.monitor(requireAuth(request))),
  );

  endpointRoute(
    app,
    dashboardEndpoints.workplace,
    {
      access: { permission: Permission.DashboardWorkplace },
      tenancy: 'tenant', scope: 'scoped',
      tags,
      summary: 'What needs the caller’s attention: open fault and protect events, the latest commands and upgrades under way (each part null without the permission of its own screen)',
    },
    async (request) => ok(await service.workplace(requireAuth(request))),
  );
};

export default routes;
