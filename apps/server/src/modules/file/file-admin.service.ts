import { type FileUsage, ServerCode, type StoredFileRecord, type storedFileResource } from '@cellsight/contract';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest, notFound } from '../../lib/errors.js';
import type { ResourceCalls } from '../../kit/resource-routes.js';
import type { FileStore } from './file-store.repository.js';
import { type FileRepository, storedFileScope } from './file.repository.js';

type Resource = typeof storedFileResource;

const usageWords: Record<FileUsage, string> = { avatar: 'a user avatar', station: 'a station image', ticket: 'a ticket attachment', announcement: 'an announcement', legal: 'the privacy policy or terms' };

export interface FileAdminDeps {
  kit: ResourceCalls<Resource>;
  files: FileRepository;
  stores: { local: FileStore; s3: FileStore | null };
  log: FastifyBaseLogger;
}

/**
 * System → Files: the kit's list of the caller's uploads (`storedFileScope`) with where each is
 * used, and deletion of unused files only (a used one is refused with a 400 saying where; the row
 * goes first, then the content).
 */
export const createFileAdminService = ({ kit, files, stores, log }: FileAdminDeps): ResourceCalls<Resource> => ({
  ...kit,
  async remove(auth, ids) {
    const unique = [...new Set(ids)];
    const rows = await files.withUsage(unique, storedFileScope(auth));
    if (rows.length === 0) throw notFound('File');
    const used = rows.filter((row) => row.usedIn.length > 0);
    if (used.length > 0) {
      const describe = (row: (typeof rows)[number]) => `${row.path} is used as ${row.usedIn.map((usage) => usageWords[usage as FileUsage] ?? usage).join(' and ')}`;
      throw badRequest(ServerCode.INCORRECT_PARAMETER, `file: ${used.map(describe).join('; ')}; remove it there first`, [{ field: 'file', message: `is in use (${[...new Set(used.flatMap((row) => row.usedIn))].join(', ')})` }]);
    }
    const removed = await files.removeUnused(rows.map((row) => row.id));
    // Between the check and the delete a file may have come into use: the statement checked again.
    if (removed === null) throw badRequest(ServerCode.INCORRECT_PARAMETER, 'file: came into use meanwhile; nothing else was deleted', [{ field: 'file', message: 'is in use' }]);
    for (const file of removed) {
      const store = file.storage === 's3' ? stores.s3 : stores.local;
      if (!store) {
        log.warn(`file ${file.path} is in the S3 bucket, but S3_URL is no longer set: its content stays there`);
        continue;
      }
      await store.remove(file.path).catch((error: unknown) => log.warn({ err: error }, `could not remove the content of ${file.path}`));
    }
  },
});

export type { StoredFileRecord };
