import { type SandboxQuery, type SandboxResult, runOnDataSource } from './data-source-connection.repository.js';
import type { DataSourceService } from './data-source.service.js';

/**
 * The data-source module's face: reports that name a data source run there. The door builds it
 * once, as `app.dataSources`; the data sources' passwords and connections stay the module's own.
 */
export const createDataSourceConnections = (service: DataSourceService) => ({
  /** Refuses a code no data source has (400 naming `dbSource`), or whose password cannot be opened. */
  async assertKnown(code: string): Promise<void> {
    await service.database(code);
  },
  /** Runs a report's statements on the data source with this code (read-only, each within `timeoutMs`, rolled back). */
  run: async (code: string, timeoutMs: number, queries: SandboxQuery[]): Promise<SandboxResult[]> => runOnDataSource(await service.database(code), timeoutMs, queries),
});

export type DataSourceConnections = ReturnType<typeof createDataSourceConnections>;
