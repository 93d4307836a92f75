import { ServerCode, imageMimeTypes, limits, ticketAttachmentMimeTypes, ticketLimits } from '@cellsight/contract';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, badRequest } from '../../lib/errors.js';
import type { FileStore } from './file-store.repository.js';
import type { FileRepository } from './file.repository.js';

/** What each upload kind accepts, judged by content, never by name or declared type. */
const kinds = {
  avatar: { types: new Set<string>(imageMimeTypes), maxBytes: limits.imageMaxBytes },
  /** A station's image (spec section 5: JPG or PNG under 2 MB). */
  station: { types: new Set<string>(imageMimeTypes), maxBytes: limits.imageMaxBytes },
  /** An image in rich text (announcements, the privacy policy and terms; spec: biz jeditor for the rich editor). */
  jeditor: { types: new Set<string>(imageMimeTypes), maxBytes: limits.imageMaxBytes },
  /** A ticket's or reply's attachment (spec section 5: each under 2 MB; an image or a PDF). */
  ticket: { types: new Set<string>(ticketAttachmentMimeTypes), maxBytes: ticketLimits.attachmentBytesMax },
  temp: {
    types: new Set<string>([...imageMimeTypes, 'application/pdf', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/x-cfb']),
    maxBytes: limits.fileMaxBytes,
  },
} as const;

export type UploadKind = keyof typeof kinds;

const dayMs = 24 * 3600 * 1000;

export const createFileService = (files: FileRepository, store: FileStore, now: () => Date = () => new Date()) => ({
  /** Checks and stores one upload of the user; answers the stored path. */
  async upload(userId: string, kind: UploadKind, fileName: string, content: Buffer): Promise<string> {
    const rule = kinds[kind];
    // A daily quota per user, so one account cannot fill the disk.
    const used = await files.usageSince(userId, new Date(now().getTime() - dayMs));
    if (used.files >= limits.uploadsPerDayMax || used.bytes + content.length > limits.uploadBytesPerDayMax) {
      throw new AppError(ServerCode.TOO_MANY_REQUESTS, `file: the daily upload quota (${limits.uploadsPerDayMax} files, ${limits.uploadBytesPerDayMax / 1024 / 1024} MB) is used up; try again tomorrow`, 429, [
        { field: 'file', message: 'daily upload quota used up' },
      ]);
    }
    if (content.length === 0) throw badRequest(ServerCode.INCORRECT_PARAMETER, 'file: is empty', [{ field: 'file', message: 'is empty' }]);
    if (content.length > rule.maxBytes) {
      throw new AppError(ServerCode.OUT_OF_RANGE, `file: must be smaller than ${rule.maxBytes / 1024 / 1024} MB`, 413, [{ field: 'file', message: 'is too large' }]);
    }
    if (fileName.length > limits.imageNameMax) throw badRequest(ServerCode.INCORRECT_PARAMETER, `file: name must be at most ${limits.imageNameMax} characters`, [{ field: 'file', message: 'name is too long' }]);
    const detected = await fileTypeFromBuffer(content);
    if (!detected || !rule.types.has(detected.mime)) {
      const wanted = kind === 'temp' ? 'an image, PDF or Excel file' : kind === 'ticket' ? 'an image (JPG, PNG, GIF, WebP) or a PDF' : 'a JPG or PNG image';
      throw new AppError(ServerCode.INCORRECT_PARAMETER, `file: must be ${wanted}`, 415, [{ field: 'file', message: `must be ${wanted}` }]);
    }
    const path = files.newPath(kind, detected.ext, now());
    await store.put(path, content, detected.mime);
    await files.record({ path, biz: kind, size: content.length, userId, name: fileName, mime: detected.mime, storage: store.kind });
    return path;
  },
});
