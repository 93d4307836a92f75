import { ServerCode, limits } from '@cellsight/contract';
import { AppError, badRequest, invalidField } from '../../lib/errors.js';
import { type UploadKind as ContentKind, checkUploadContent } from '../../kit/upload-content.js';
import type { AuthContext } from '../../access/auth-context.js';
import { callerTenantIds } from '../../access/tenant-scope.js';
import type { FileStore } from './file-store.repository.js';
import type { FileRepository, StoredFileRow } from './file.repository.js';

/** The kinds `/sys/common/upload` stores files as (`biz`); each accepts what `upload-content.ts` says. */
export const storedUploadKinds = ['avatar', 'station', 'jeditor', 'ticket', 'temp'] as const satisfies readonly ContentKind[];
export type UploadKind = (typeof storedUploadKinds)[number];

/** The kind a `biz` value names; anything else is a temporary file (spec: biz temp is the default). */
export const uploadKindOf = (biz: string | undefined): UploadKind => storedUploadKinds.find((kind) => kind === biz) ?? 'temp';

/**
 * Kinds served only to a session that may see them: ticket and reply attachments (photos of a
 * customer's site, its documents) and the editable grid's files. Avatars, station images and
 * rich-text images are public: they load in plain `<img>` elements, some on the sign-in page, and
 * their 128-bit random names are the capability.
 */
const privateKinds: ReadonlySet<string> = new Set<UploadKind>(['ticket', 'temp']);

/** Whether a stored path is of a private kind: its first segment is the kind it was uploaded as. */
export const isPrivatePath = (path: string): boolean => privateKinds.has(path.slice(0, path.indexOf('/')));

const dayMs = 24 * 3600 * 1000;

export interface FileServiceDeps {
  files: FileRepository;
  store: FileStore;
  /** The caller's first tenant that is not frozen (where an upload without a `tenant-id` header goes). */
  firstTenantOf(userId: string): Promise<number | undefined>;
  /** Who else may read a file of a kind: the module whose records hold such files says (the ticket module, attachments). */
  readers: AttachmentReaders;
  now?: () => Date;
}

/** Whether a caller may read a stored path held by records of another module (a ticket's attachments). */
export type AttachmentReader = (auth: AuthContext, path: string) => Promise<boolean>;
/** The readers other modules give, by the kind of upload their records hold. */
export type AttachmentReaders = Map<UploadKind, AttachmentReader>;

export const createFileService = ({ files, store, firstTenantOf, readers, now = () => new Date() }: FileServiceDeps) => ({
  /** Checks and stores one upload of the caller, in the tenant it works in; answers the stored path. */
  async upload(auth: Pick<AuthContext, 'userId' | 'tenantId'>, kind: UploadKind, fileName: string, content: Buffer): Promise<string> {
    const { userId } = auth;
    const tenantId = auth.tenantId || (await firstTenantOf(userId));
    if (!tenantId) throw invalidField('tenant-id', 'you belong to no tenant to upload to');
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
    await files.record({ path, biz: kind, size: content.length, userId, tenantId, name: fileName || null, mime: type.mime, storage: store.kind });
    return path;
  },

  /**
   * Whether the caller may read a stored file of a private kind (`isPrivatePath`): its uploader;
   * for a ticket's or reply's attachment whoever sees a ticket that holds it (the ticket scope); for a
   * grid file, members of the tenant it was uploaded in. A caller who may not answers 404.
   */
  async mayRead(auth: AuthContext, path: string, row: StoredFileRow | null): Promise<boolean> {
    if (row?.userId === auth.userId) return true;
    const kind = row?.biz ?? path.slice(0, path.indexOf('/'));
    const reader = readers.get(kind as UploadKind);
    if (kind === 'ticket') return reader ? reader(auth, path) : false;
    if (kind === 'temp') return row !== null && files.isAmong(row.tenantId, callerTenantIds(auth));
    return false;
  },
});
export type FileService = ReturnType<typeof createFileService>;
