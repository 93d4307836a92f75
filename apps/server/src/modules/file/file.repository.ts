import { randomBytes } from 'node:crypto';
import { normalize, relative, resolve, sep } from 'node:path';
import { AccountType, type storedFileResource } from '@cellsight/contract';
import { type SQL, and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { announcements, legalTexts, stations, ticketEntries, tickets, uploads, users } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import type { ResourceServiceOptions } from '../../kit/resource-service.js';
import { createTableRepository } from '../../kit/table-repository.js';
import type { ScopeCaller } from '../../access/station-scope.js';
import { callerTenantIds } from '../../access/tenant-scope.js';

/**
 * Where a stored file is referenced, computed from the tables that hold upload paths, so it stays
 * right whatever changes them: user avatars, station images, ticket and reply attachments, and
 * images in announcements and in the privacy policy and terms (their HTML addresses `/sys/common/view/<path>`).
 */
export const fileUsageOf = (path: SQL | typeof uploads.path): SQL<string[]> => sql<string[]>`array_remove(array[
  case when exists (select 1 from ${users} where ${users.avatar} = ${path}) then 'avatar' end,
  case when exists (select 1 from ${stations} where ${stations.thumbUrl} = ${path}) then 'station' end,
  case when exists (select 1 from ${tickets} where ${tickets.attachments} @> jsonb_build_array(${path}))
         or exists (select 1 from ${ticketEntries} where ${ticketEntries.attachments} @> jsonb_build_array(${path})) then 'ticket' end,
  case when exists (select 1 from ${announcements} where strpos(${announcements.msgContent}, '/sys/common/view/' || ${path}) > 0) then 'announcement' end,
  case when exists (select 1 from ${legalTexts} where strpos(${legalTexts.content}, '/sys/common/view/' || ${path}) > 0) then 'legal' end
]::text[], null)`;

/**
 * Which stored files System → Files shows a caller: those uploaded in the caller's tenants (uploads
 * are a tenant's own), and of those, for a holder of the permission who is no administrator, only
 * their own uploads. Any other file is 404 to list, read and delete.
 */
export const storedFileScope = (caller: ScopeCaller): SQL => {
  const inTenants = sql`${uploads.tenantId} in ${callerTenantIds(caller)}`;
  return caller.accountType === AccountType.Admin ? inTenants : sql`(${inTenants} and ${uploads.userId} = ${caller.userId})`;
};

/** What serving a stored file needs of its row. */
export interface StoredFileRow {
  id: string;
  biz: string;
  storage: string;
  mime: string | null;
  name: string | null;
  userId: string;
  tenantId: number;
}

/** Uploaded files: the content on disk, always inside the upload directory, and a row per file. */
export const createFileRepository = (uploadDir: string, db: Database) => {
  const root = resolve(uploadDir);
  return {
    root,
    /** What the screen kit reads System → Files through: the uploads with their uploader and usage, the list's columns and the scope. */
    screen: {
      table: uploads,
      repository: createTableRepository(db, uploads, {
        computed: {
          uploader: sql<string | null>`(select ${users.username} from ${users} where ${users.id} = ${uploads.userId})`,
          usedIn: fileUsageOf(uploads.path),
        },
      }),
      columns: { name: uploads.name, path: uploads.path, biz: uploads.biz, mime: uploads.mime, size: uploads.size, storage: uploads.storage, createTime: uploads.createTime },
      scope: storedFileScope,
    } satisfies Omit<ResourceServiceOptions<typeof storedFileResource, typeof uploads>, 'resource' | 'dicts'>,
    /** Remembers who stored which file in which tenant, as what, and where its content is. */
    async record(file: { path: string; biz: string; size: number; userId: string; tenantId: number; name: string | null; mime: string; storage: 'local' | 's3' }): Promise<void> {
      await db.insert(uploads).values({ id: newId(), ...file });
    },
    /** A stored file's row by its path (null for content that has none, such as files stored before rows were kept). */
    async byPath(path: string): Promise<StoredFileRow | null> {
      const [row] = await db
        .select({ id: uploads.id, biz: uploads.biz, storage: uploads.storage, mime: uploads.mime, name: uploads.name, userId: uploads.userId, tenantId: uploads.tenantId })
        .from(uploads)
        .where(eq(uploads.path, path))
        .limit(1);
      return row ?? null;
    },
    /** Rows with their usage, for deletion: only those within `scope` (System → Files' tenant and owner rule). */
    async withUsage(ids: string[], scope: SQL): Promise<{ id: string; path: string; storage: string; usedIn: string[] }[]> {
      if (ids.length === 0) return [];
      return db
        .select({ id: uploads.id, path: uploads.path, storage: uploads.storage, usedIn: fileUsageOf(uploads.path) })
        .from(uploads)
        .where(and(inArray(uploads.id, ids), scope));
    },
    /** Whether the tenant is one of those `tenantIds` (a subquery, `callerTenantIds`) names. */
    async isAmong(tenantId: number, tenantIds: SQL): Promise<boolean> {
      const rows = (await db.execute(sql`select 1 as one where ${tenantId}::integer in ${tenantIds}`)) as unknown as { rows: unknown[] };
      return rows.rows.length > 0;
    },
    /**
     * Deletes the rows of files still unused at this moment (checked again in the statement), all or
     * none: null when one of them came into use meanwhile (nothing is deleted then).
     */
    async removeUnused(ids: string[]): Promise<{ path: string; storage: string }[] | null> {
      if (ids.length === 0) return [];
      const rollback = new Error('a file came into use');
      try {
        return await db.transaction(async (tx) => {
          const removed = await tx
            .delete(uploads)
            .where(and(inArray(uploads.id, ids), sql`cardinality(${fileUsageOf(uploads.path)}) = 0`))
            .returning({ path: uploads.path, storage: uploads.storage });
          if (removed.length < ids.length) throw rollback;
          return removed;
        });
      } catch (error) {
        if (error === rollback) return null;
        throw error;
      }
    },
    /** Files and bytes the user has uploaded since `since`. */
    async usageSince(userId: string, since: Date): Promise<{ files: number; bytes: number }> {
      const [row] = await db
        .select({ files: sql<number>`cast(count(*) as integer)`, bytes: sql<number>`cast(coalesce(sum(${uploads.size}), 0) as bigint)` })
        .from(uploads)
        .where(and(eq(uploads.userId, userId), gt(uploads.createTime, since)));
      return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
    },
    /** Whether `path` is a file stored through the upload route as `biz`. */
    async isUploaded(path: string, biz: string): Promise<boolean> {
      const [row] = await db.select({ id: uploads.id }).from(uploads).where(and(eq(uploads.path, path), eq(uploads.biz, biz))).limit(1);
      return row !== undefined;
    },
    /** The stored files among `paths` that `userId` uploaded as `biz`, with their sizes (another's file is not offered). */
    async uploadedBy(paths: string[], biz: string, userId: string): Promise<{ path: string; size: number }[]> {
      if (paths.length === 0) return [];
      return db
        .select({ path: uploads.path, size: uploads.size })
        .from(uploads)
        .where(and(inArray(uploads.path, paths), eq(uploads.biz, biz), eq(uploads.userId, userId)));
    },
    /** A new key for content: `<biz>/<yyyymmdd>/<random>.<ext>`. */
    newPath(biz: string, extension: string, now = new Date()): string {
      const day = now.toISOString().slice(0, 10).replaceAll('-', '');
      return `${biz}/${day}/${randomBytes(16).toString('hex')}.${extension}`;
    },
    /** The relative path if it stays inside the upload directory, else null. */
    contain(path: string): string | null {
      if (path.includes('\0')) return null;
      const absolute = resolve(root, normalize(path));
      const inside = relative(root, absolute);
      if (inside === '' || inside.startsWith('..') || inside.startsWith(sep) || resolve(root, inside) !== absolute) return null;
      return inside;
    },
  };
};

export type FileRepository = ReturnType<typeof createFileRepository>;
