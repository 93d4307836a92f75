import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, normalize, relative, resolve, sep } from 'node:path';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { uploads } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

/** Uploaded files: the content on disk, always inside the upload directory, and a row per file. */
export const createFileRepository = (uploadDir: string, db: Database) => {
  const root = resolve(uploadDir);
  return {
    root,
    /** Remembers who stored which file. */
    async record(path: string, biz: string, size: number, userId: string): Promise<void> {
      await db.insert(uploads).values({ id: newId(), path, biz, size, userId });
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
    /** Stores content under `<biz>/<yyyymmdd>/<random>.<ext>`; returns that relative path. */
    async save(biz: string, extension: string, content: Buffer, now = new Date()): Promise<string> {
      const day = now.toISOString().slice(0, 10).replaceAll('-', '');
      const name = `${randomBytes(16).toString('hex')}.${extension}`;
      const folder = join(root, biz, day);
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, name), content, { flag: 'wx' });
      return `${biz}/${day}/${name}`;
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
