import { ServerCode, limits } from '@cellsight/contract';
import { AppError, badRequest } from '../../lib/errors.js';
import { type UploadKind as ContentKind, checkUploadContent } from '../../lib/upload-content.js';
import type { FileStore } from './file-store.repository.js';
import type { FileRepository } from './file.repository.js';

/** The kinds `/sys/common/upload` stores files as (`biz`); each accepts what `upload-content.ts` says. */
export const storedUploadKinds = ['avatar', 'station', 'jeditor', 'ticket', 'temp'] as const satisfies readonly ContentKind[];
export type UploadKind = (typeof storedUploadKinds)[number];

/** The kind a `biz` value names; anything else is a temporary file (spec: biz temp is the default). */
export const uploadKindOf = (biz: string | undefined): UploadKind => storedUploadKinds.find((kind) => kind === biz) ?? 'temp';

const dayMs = 24 * 3600 * 1000;

export const createFileService = (files: FileRepository, store: FileStore, now: () => Date = () => new Date()) => ({
  /** Checks and stores one upload of the user; answers the stored path. */
  async upload(userId: string, kind: UploadKind, fileName: string, content: Buffer): Promise<string> {
    // A daily quota per user, so one account cannot fill the disk.
    const used = await files.usageSince(userId, new Date(now().getTime() - dayMs));
    if (used.files >= limits.uploadsPerDayMax || used.bytes + content.length > limits.uploadBytesPerDayMax) {
      throw new AppError(ServerCode.TOO_MANY_REQUESTS, `file: the daily upload quota (${limits.uploadsPerDayMax} files, ${limits.uploadBytesPerDayMax / 1024 / 1024} MB) is used up; try again tomorrow`, 429, [
        { field: 'file', message: 'daily upload quota used up' },
      ]);
    }
    if (fileName.length > limits.imageNameMax) throw badRequest(ServerCode.INCORRECT_PARAMETER, `file: name must be at most ${limits.imageNameMax} characters`, [{ field: 'file', message: 'name is too long' }]);
    // Judged by content, never by name or declared type; stored and served as what it is.
    const type = await checkUploadContent(kind, fileName, content);
    const path = files.newPath(kind, type.ext, now());
    await store.put(path, content, type.mime);
    await files.record({ path, biz: kind, size: content.length, userId, name: fileName, mime: type.mime, storage: store.kind });
    return path;
  },
});
