import { type DataSourceRecord, type Language, type ListQuery, dataSourceResource, maskedPassword, type testConnectionBodySchema } from '@cellsight/contract';
import type { z } from 'zod';
import type { DictService } from '../dict/dict.service.js';
import type { AuthContext } from '../../access/auth-context.js';
import type { DestinationPolicy } from '../../lib/destination-policy.js';
import { invalidField, notFound } from '../../lib/errors.js';
import { createResourceService } from '../../kit/resource-service.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { DataSourceRefusedError, DataSourceUnreachableError, type ForeignDatabase, ReportQueryError, testConnection } from './data-source-connection.repository.js';
import { passwordAddress } from './data-source-address.js';
import type { DataSourceRepository } from './data-source.repository.js';

type AddInput = z.infer<typeof dataSourceResource.add>;
type EditInput = z.infer<typeof dataSourceResource.edit>;

/** The answer of "test connection" for any network failure; the reason goes to the server log only. */
export const unreachableMessage = 'Could not connect to the data source (the server log has the reason)';

/** A stored password asked to go to another address than the one it was stored with. */
const addressChanged = () =>
  invalidField('dbPassword', 'the address changes (host, port or database): enter the password again; a stored password is only ever sent to the address it was stored with');

/**
 * Data sources on the screen kit, with the password sealed before it is stored, bound to the
 * address (host, port, database) it was given for: an edit without one keeps it only while the
 * address stays, and it is masked in every answer. "Test connection" with the form's values, the
 * stored password only for the stored address. Every connection goes through the destination
 * policy (OUTBOUND_ALLOW).
 */
export const createDataSourceService = (options: {
  repository: DataSourceRepository;
  dicts: DictService;
  box: SecretBox;
  timeoutMs: number;
  destinations: DestinationPolicy;
  /** Why a connection failed (the server log); the caller is told only that it did. */
  onUnreachable(error: unknown): void;
}) => {
  const { repository, box, timeoutMs, destinations, onUnreachable } = options;
  const kit = createResourceService({ resource: dataSourceResource, ...repository.screen, repository, dicts: options.dicts });
  const mask = (record: DataSourceRecord): DataSourceRecord => ({ ...record, dbPassword: record.dbPassword ? maskedPassword : null });
  const addressOf = (url: string): string => {
    try {
      return passwordAddress(url);
    } catch {
      throw invalidField('dbUrl', 'must be postgres://host[:port]/database (user and password in their own fields)');
    }
  };
  const opened = (stored: string | null, url: string): string | null => {
    if (!stored) return null;
    try {
      return box.open(stored, addressOf(url));
    } catch {
      // Sealed with another SECRET_KEY (or, changed behind the service, for another address): the administrator enters it again.
      throw invalidField('dbPassword', 'cannot be read with this server’s SECRET_KEY for this address; enter it again');
    }
  };
  const foreign = (url: string, username: string, password: string | null): ForeignDatabase => ({ url, username, password, destinations, onUnreachable });
  const stored = async (id: string) => {
    const [row] = await repository.byIds([id], undefined);
    if (!row) throw notFound('Data source', 'id');
    return row;
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
      return kit.add(auth, { ...input, dbPassword: input.dbPassword ? box.seal(input.dbPassword, addressOf(input.dbUrl)) : undefined } as AddInput);
    },
    async edit(auth: AuthContext, input: EditInput) {
      const { dbPassword, ...rest } = input;
      if (!dbPassword && input.dbUrl === undefined) return kit.edit(auth, rest as EditInput);
      const row = await stored(input.id);
      const url = input.dbUrl ?? row.dbUrl;
      if (dbPassword) return kit.edit(auth, { ...rest, dbPassword: box.seal(dbPassword, addressOf(url)) } as EditInput);
      if (row.dbPassword && addressOf(url) !== addressOf(row.dbUrl)) throw addressChanged();
      return kit.edit(auth, rest as EditInput);
    },

    /** Connects with the form's values; without a password, the stored one of `id`, and only at its stored address. */
    async testConnection(body: z.infer<typeof testConnectionBodySchema>): Promise<{ ok: boolean; message: string }> {
      let password = body.dbPassword || null;
      if (!password && body.id) {
        const row = await stored(body.id);
        if (addressOf(body.dbUrl) !== addressOf(row.dbUrl)) throw addressChanged();
        password = opened(row.dbPassword, row.dbUrl);
      }
      try {
        await testConnection(foreign(body.dbUrl, body.dbUsername, password), timeoutMs);
        return { ok: true, message: 'Connected' };
      } catch (error) {
        if (error instanceof DataSourceRefusedError) throw invalidField('dbUrl', error.message);
        if (error instanceof DataSourceUnreachableError) return { ok: false, message: unreachableMessage };
        if (error instanceof ReportQueryError) return { ok: false, message: error.message };
        throw error;
      }
    },

    /** The database a report that names `code` runs on; 400 naming `dbSource` when there is none. */
    async database(code: string): Promise<ForeignDatabase> {
      const row = await repository.byCode(code);
      if (!row) throw invalidField('dbSource', `no data source has the code ${code}`);
      return foreign(row.dbUrl, row.dbUsername, opened(row.dbPassword, row.dbUrl));
    },
  };
};

export type DataSourceService = ReturnType<typeof createDataSourceService>;
