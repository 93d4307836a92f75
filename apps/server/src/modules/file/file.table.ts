import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.js';

/**
 * Every stored upload: avatars are checked against it, each user's daily upload quota counted from
 * it, and System → Files lists it within the uploader's tenant.
 */
export const uploads = pgTable(
  'sys_file',
  {
    id: id(),
    /** Relative to the upload directory: `<biz>/<yyyymmdd>/<32 hex>.<ext>`. */
    path: varchar('path', { length: 200 }).notNull(),
    biz: varchar('biz', { length: 16 }).notNull(),
    size: integer('size').notNull(),
    /** The name the file was uploaded with, and its type judged from the content (null on rows stored before). */
    name: varchar('name', { length: 200 }),
    mime: varchar('mime', { length: 100 }),
    /** Where the content is: 'local' (the upload directory) or 's3' (the bucket of S3_URL). */
    storage: varchar('storage', { length: 8 }).notNull().default('local'),
    /** Id of the uploading user (no foreign key: the file outlives a deleted account). */
    userId: varchar('user_id', { length: 32 }).notNull(),
    /**
     * The tenant the upload was made in (the `tenant-id` header's, else the uploader's first): uploads
     * are a tenant's own. No foreign key, like `user_id`: the row is how an orphaned file is found.
     */
    tenantId: integer('tenant_id').notNull(),
    createTime: createdAt(),
  },
  (t) => [uniqueIndex('sys_file_path_key').on(t.path), index('sys_file_user_time_idx').on(t.userId, t.createTime), index('sys_file_tenant_time_idx').on(t.tenantId, t.createTime)],
);

/* ---------------------------------------------------------------- device plane */
