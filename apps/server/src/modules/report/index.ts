import { reportResource } from '@cellsight/contract';
import fp from 'fastify-plugin';
import { createTableRepository } from '../../kit/table-repository.js';
import { createResourceService } from '../../kit/resource-service.js';
import { tenantRowsOf } from '../../kit/tenant-rows.js';
import { registerReportMailTask } from './report-mail.js';
import { createReportRepository } from './report.repository.js';
import { createReportService } from './report.service.js';
import { reportHeads } from './report.table.js';
import routes from './report.routes.js';

/** The report module's one door: online reports (their definitions, running them, mailing them on a schedule). Its routes are under /boot. */
export default fp(
  async (app) => {
    const kit = createResourceService({
      resource: reportResource,
      table: reportHeads,
      repository: createTableRepository(app.db, reportHeads),
      columns: { code: reportHeads.code, name: reportHeads.name, dbSource: reportHeads.dbSource, createTime: reportHeads.createTime },
      dicts: app.dicts,
      // Each tenant keeps its own reports (they read its data only).
      tenantRows: tenantRowsOf(app.tenantMemberships, reportHeads.tenantId, { sharedRows: false }),
    });
    const tenants = app.tenantMemberships;
    const service = createReportService({
      kit,
      repository: createReportRepository(app.db),
      reports: app.reportDatabase,
      tenants,
      dicts: app.dicts,
      dataSources: app.dataSources,
      timeoutMs: app.config.reports.timeoutMs,
    });
    registerReportMailTask({ jobs: app.jobs, reports: service, sessions: app.sessions, tenants, outbox: app.outbox });
    await app.register(routes, { prefix: '/boot', service });
  },
  { name: 'module-report', dependencies: ['module-data-source', 'module-dict', 'module-job', 'module-outbox'] },
);
