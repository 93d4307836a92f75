import fp from 'fastify-plugin';
import { createDestinationPolicy } from '../../lib/destination-policy.js';
import { createSecretBox, secretKeyOf } from '../../lib/secret-box.js';
import { type DataSourceConnections, createDataSourceConnections } from './data-source.face.js';
import { createDataSourceRepository } from './data-source.repository.js';
import { createDataSourceService } from './data-source.service.js';
import routes from './data-source.routes.js';

export type { DataSourceConnections } from './data-source.face.js';
export type { SandboxQuery, SandboxResult } from './data-source-connection.repository.js';
// What a statement's refusal is, wherever a report ran: the report sandbox throws it too.
export { ReportQueryError } from './data-source-connection.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The data-source module's face (modules/data-source/data-source.face.ts). */
    dataSources: DataSourceConnections;
  }
}

/** The data-source module's one door: System → Data sources, and the data sources reports run on (app.dataSources). Its routes are under /boot. */
export default fp(
  async (app) => {
    const service = createDataSourceService({
      repository: createDataSourceRepository(app.db),
      dicts: app.dicts,
      box: createSecretBox(secretKeyOf(app.config), 'data source password'),
      timeoutMs: app.config.reports.timeoutMs,
      destinations: createDestinationPolicy(app.config.outboundAllow),
      onUnreachable: (error) => app.log.warn({ err: error }, 'data source: could not connect'),
    });
    app.decorate('dataSources', createDataSourceConnections(service));
    await app.register(routes, { prefix: '/boot', service });
  },
  { name: 'module-data-source', dependencies: ['module-dict'] },
);
