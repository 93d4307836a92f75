import { type DataSourceRecord, type Language, type ListQuery, dataSourceResource, maskedPassword, type testConnectionBodySchema } from '@cellsight/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DictService } from '../dict/dict.service.js';
import type { AuthContext } from '../../plugins/auth.plugin.js';
import { invalidField, notFound } from '../../lib/errors.js';
import { createResourceService } from '../../lib/resource-service.js';
import { type SecretBox, createSecretBox, secretKeyOf } from '../../lib/secret-box.js';
import { type ForeignDatabase, ReportQueryError, testConnection } from '../report/report-sandbox.repository.js';
import { createDataSourceRepository } from './data-source.repository.js';
import { dataSources } from './data-source.table.js';

type AddInput = z.infer<typeof dataSourceResource.add>;
type EditInput = z.infer<typeof dataSourceResource.edit>;

/**
 * Data sources on the screen kit, with the password sealed before it is stored (an edit without one
 * keeps the stored one) and masked in every answer; "test connection" with the form's values.
 */
export const createDataSourceService = (options: { repository: ReturnType<typeof createDataSourceRepository>; dicts: DictService; box: SecretBox; timeoutMs: number }) => {
  const { repository, box, timeoutMs } = options;
  const kit = createResourceService({
    resource: dataSourceResource,
    table: dataSources,
    repository,
    columns: { code: dataSources.code, name: dataSources.name, dbType: dataSources.dbType, dbUrl: dataSources.dbUrl, createTime: dataSources.createTime },
    dicts: options.dicts,
  });
  const mask = (record: DataSourceRecord): DataSourceRecord => ({ ...record, dbPassword: record.dbPassword ? maskedPassword : null });
  const sealed = (password: string | undefined) => (password ? box.seal(password) : undefined);
  const opened = (stored: string | null): string | null => {
    if (!stored) return null;
    try {
      return box.open(stored);
    } catch {
      // Sealed with another SECRET_KEY: the administrator enters the password again.
      throw invalidField('dbPassword', 'cannot be read with this server’s SECRET_KEY; enter it again');
    }
  };

  return {
    ...kit,
    async list(auth: AuthContext, query: ListQuery, language: Language) {
      const page = await kit.list(auth, query, language);
      return { ...page, records: page.records.map(mask) };
    },
    async byId(auth: AuthContext, id: string, language: Language) {
      return mask(await kit.byId(auth, id, language));
    },
    async add(auth: AuthContext, input: AddInput) {
      return kit.add(auth, { ...input, dbPassword: sealed(input.dbPassword) } as AddInput);
    },
    async edit(auth: AuthContext, input: EditInput) {
      const { dbPassword, ...rest } = input;
      return kit.edit(auth, (dbPassword ? { ...rest, dbPassword: sealed(dbPassword) } : rest) as EditInput);
    },

    /** Connects with the form's values; without a password, the stored one of `id`. */
    async testConnection(body: z.infer<typeof testConnectionBodySchema>): Promise<{ ok: boolean; message: string }> {
      let password = body.dbPassword || null;
      if (!password && body.id) {
        const [row] = await repository.byIds([body.id], undefined);
        if (!row) throw notFound('Data source', 'id');
        password = opened(row.dbPassword);
      }
      try {
        await testConnection({ url: body.dbUrl, username: body.dbUsername, password }, timeoutMs);
        return { ok: true, message: 'Connected' };
      } catch (error) {
        if (error instanceof ReportQueryError) return { ok: false, message: error.message };
        throw error;
      }
    },

    /** The database a report that names `code` runs on; 400 naming `dbSource` when there is none. */
    async database(code: string): Promise<ForeignDatabase> {
      const row = await repository.byCode(code);
      if (!row) throw invalidField('dbSource', `no data source has the code ${code}`);
      return { url: row.dbUrl, username: row.dbUsername, password: opened(row.dbPassword) };
    },
  };
};

export type DataSourceService = ReturnType<typeof createDataSourceService>;

/** The service as the app's modules build it (the data source screen, and reports that name a data source). */
export const dataSourceServiceOf = (app: FastifyInstance) =>
  createDataSourceService({
    repository: createDataSourceRepository(app.db),
    dicts: app.dicts,
    box: createSecretBox(secretKeyOf(app.config), 'data source password'),
    timeoutMs: app.config.reports.timeoutMs,
  });
