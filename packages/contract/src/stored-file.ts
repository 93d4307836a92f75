import { z } from 'zod';
import { Permission } from './permissions.js';
import { defineResource } from './resource.js';
import { text } from './text.js';

/** Where an uploaded file is referenced; a file referenced anywhere cannot be deleted. */
export const fileUsages = ['avatar', 'station', 'ticket', 'announcement', 'legal'] as const;
export type FileUsage = (typeof fileUsages)[number];

/** Where a file's content lives: the local upload folder, or the S3-compatible bucket of S3_URL. */
export const fileStorages = ['local', 's3'] as const;

/**
 * Stored files (System → Files, administrators): every upload through `/sys/common/upload`, who
 * stored it and when, and where it is used. Only unused files may be deleted.
 */
export const storedFileResource = defineResource({
  path: '/sys/file',
  tenancy: 'tenant',
  table: 'sys_file',
  recordName: ['file', '文件', 'Datei'],
  title: ['Files', '文件管理', 'Dateien'],
  record: z.object({
    id: text(),
    /** Relative path, also the address under `/sys/common/view/`. */
    path: text(),
    /** The name it was uploaded with (null for files stored before names were kept). */
    name: text().nullable(),
    biz: text(),
    /** The type judged from the content at upload (null for files stored before types were kept). */
    mime: text().nullable(),
    size: z.number().int(),
    storage: z.enum(fileStorages),
    userId: text(),
    uploader: text().nullable(),
    usedIn: z.array(z.enum(fileUsages)),
    createTime: text(),
  }),
  columns: {
    name: { type: 'text' },
    path: { type: 'text' },
    biz: { type: 'text' },
    mime: { type: 'text' },
    size: { type: 'number' },
    storage: { type: 'text' },
    createTime: { type: 'date' },
  },
  defaultSort: { column: 'createTime', order: 'desc' },
  permissions: { list: Permission.FileList, delete: Permission.FileDelete },
  labels: {
    path: ['Path', '路径', 'Pfad'],
    name: ['Name', '文件名', 'Name'],
    biz: ['Kind', '类别', 'Art'],
    mime: ['Type', '类型', 'Typ'],
    size: ['Size', '大小', 'Größe'],
    storage: ['Storage', '存储', 'Speicher'],
    userId: ['Uploader id', '上传者 ID', 'Hochgeladen von (ID)'],
    uploader: ['Uploader', '上传者', 'Hochladende Person'],
    usedIn: ['Used in', '使用位置', 'Verwendet in'],
    createTime: ['Uploaded', '上传时间', 'Hochgeladen'],
  },
  sheet: ['name', 'path', 'biz', 'mime', 'size', 'storage', 'uploader', 'createTime'],
});
export type StoredFileRecord = z.infer<typeof storedFileResource.record>;
