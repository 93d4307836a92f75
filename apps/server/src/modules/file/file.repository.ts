import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, normalize, relative, resolve, sep } from 'node:path';

/** Uploaded files on disk, always inside the upload directory. */
export const createFileRepository = (uploadDir: string) => {
  const root = resolve(uploadDir);
  return {
    root,
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
