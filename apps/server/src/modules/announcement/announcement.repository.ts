import { AccountType, AnnouncementCategory, SendStatus, type announcementResource } from '@cellsight/contract';
import { type SQL, and, asc, count, desc, eq, getTableColumns, ilike, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { announcementSends, announcements, stations, userTenants, users } from '../../db/schema.js';
import type { ResourceServiceOptions } from '../../kit/resource-service.js';
import { createTableRepository } from '../../kit/table-repository.js';
import { newId } from '../../lib/ids.js';
import { type TenantCaller, callerTenantIds } from '../../access/tenant-scope.js';

export type AnnouncementRow = typeof announcements.$inferSelect;
export type AnnouncementInsert = typeof announcements.$inferInsert;
/** A row as its reader sees it: with the reader's read flag. */
export type ReaderRow = AnnouncementRow & { readFlag: number };

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Users that can sign in (not deleted). */
const activeUser = sql`${users.delFlag} = 0`;

/**
 * Announcements and who reads them. A reader reaches a published announcement of the tenants they
 * act in when it is for everyone (ALL), or when a send row names them (USER, system messages).
 */
export const createAnnouncementRepository = (db: Database) => {
  /** The reader's read flag: their send row's, else unread (an ALL announcement they never opened). */
  // Names written out: in a select list drizzle leaves columns unqualified, and the subquery's own
  // table would then shadow the announcement's id.
  const readFlagOf = (userId: string) =>
    sql<number>`coalesce((select s.read_flag from sys_announcement_send s where s.annt_id = "sys_announcement"."id" and s.user_id = ${userId}), 0)`.mapWith(Number);

  /** What a reader may read: published, within its start and end time, and for everyone of their tenants or naming them. */
  const readable = (caller: TenantCaller): SQL =>
    and(
      eq(announcements.sendStatus, SendStatus.Published),
      sql`(${announcements.startTime} is null or ${announcements.startTime} <= now()) and (${announcements.endTime} is null or ${announcements.endTime} > now())`,
      sql`((${announcements.msgType} = 'ALL' and ${announcements.tenantId} in ${callerTenantIds(caller)})
        or exists (select 1 from ${announcementSends} where ${announcementSends.anntId} = ${announcements.id} and ${announcementSends.userId} = ${caller.userId}))`,
    ) as SQL;

  const chosenUsers = async (anntIds: readonly string[]): Promise<Map<string, string[]>> => {
    const byAnnt = new Map<string, string[]>();
    if (anntIds.length === 0) return byAnnt;
    const rows = await db.select({ anntId: announcementSends.anntId, userId: announcementSends.userId }).from(announcementSends).where(inArray(announcementSends.anntId, [...anntIds])).orderBy(asc(announcementSends.userId));
    for (const row of rows) byAnnt.set(row.anntId, [...(byAnnt.get(row.anntId) ?? []), row.userId]);
    return byAnnt;
  };

  const readerColumns = (userId: string) => ({ ...getTableColumns(announcements), readFlag: readFlagOf(userId) });

  return {
    /** What the administrators' screen reads and deletes through (the kit): the table, the list's columns and the notices of the caller's tenants. */
    screen: {
      table: announcements,
      repository: createTableRepository(db, announcements),
      columns: {
        titile: announcements.titile,
        sender: announcements.sender,
        priority: announcements.priority,
        msgType: announcements.msgType,
        sendStatus: announcements.sendStatus,
        sendTime: announcements.sendTime,
        createTime: announcements.createTime,
      },
      scope: noticesOf,
    } satisfies Omit<ResourceServiceOptions<typeof announcementResource, typeof announcements>, 'resource' | 'dicts'>,

    async find(id: string, scope?: SQL): Promise<AnnouncementRow | null> {
      const [row] = await db.select().from(announcements).where(and(eq(announcements.id, id), scope)).limit(1);
      return row ?? null;
    },

    /** The announcement and its chosen users' send rows, together or not at all. */
    async insert(row: AnnouncementInsert, userIds: readonly string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(announcements).values(row);
        if (userIds.length > 0) await tx.insert(announcementSends).values(userIds.map((userId) => ({ id: newId(), anntId: row.id, userId })));
      });
    },

    /**
     * Changes a row still in `status` (null: whatever its status); with `userIds`, its chosen users
     * become exactly those (read marks of those who stay are kept). Whether it was changed.
     */
    async update(id: string, values: Partial<AnnouncementInsert>, options: { scope?: SQL; status?: string; userIds?: readonly string[] }): Promise<AnnouncementRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(announcements)
          .set(values)
          .where(and(eq(announcements.id, id), options.scope, options.status === undefined ? undefined : eq(announcements.sendStatus, options.status)))
          .returning();
        if (!row || !options.userIds) return row ?? null;
        const keep = [...options.userIds];
        await tx.delete(announcementSends).where(and(eq(announcementSends.anntId, id), keep.length > 0 ? notInArray(announcementSends.userId, keep) : undefined));
        if (keep.length > 0) await tx.insert(announcementSends).values(keep.map((userId) => ({ id: newId(), anntId: id, userId }))).onConflictDoNothing();
        return row;
      });
    },

    /** The chosen users of each announcement. */
    chosenUsers,

    /** Who reads it: every user of its tenant (ALL), or its chosen users. */
    async audience(row: AnnouncementRow): Promise<string[]> {
      if (row.msgType === 'ALL') {
        const rows = await db.select({ id: userTenants.userId }).from(userTenants).innerJoin(users, eq(users.id, userTenants.userId)).where(and(eq(userTenants.tenantId, row.tenantId), activeUser));
        return rows.map((r) => r.id);
      }
      return (await chosenUsers([row.id])).get(row.id) ?? [];
    },

    /** Which of `userIds` are users of the caller's tenants (the only ones an administrator may choose). */
    async usersInTenants(userIds: readonly string[], caller: TenantCaller): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ id: users.id })
        .from(users)
        .innerJoin(userTenants, eq(userTenants.userId, users.id))
        .where(and(inArray(users.id, [...userIds]), activeUser, sql`${userTenants.tenantId} in ${callerTenantIds(caller)}`));
      return new Set(rows.map((r) => r.id));
    },

    /** The administrators of a tenant (they hear every device of it). */
    async tenantAdmins(tenantId: number): Promise<string[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .innerJoin(userTenants, eq(userTenants.userId, users.id))
        .where(and(eq(userTenants.tenantId, tenantId), eq(users.accountType, AccountType.Admin), activeUser, eq(users.status, 1)));
      return rows.map((r) => r.id);
    },

    async stationName(stationId: string): Promise<string | null> {
      const [row] = await db.select({ name: stations.name }).from(stations).where(eq(stations.id, stationId)).limit(1);
      return row?.name ?? null;
    },

    async userIdOf(username: string): Promise<string | null> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
      return row?.id ?? null;
    },

    /** The reader's unread announcements of one category, newest first, and how many there are. */
    async unread(caller: TenantCaller, category: string, limit: number): Promise<{ rows: ReaderRow[]; total: number }> {
      const where = and(readable(caller), eq(announcements.msgCategory, category), sql`${readFlagOf(caller.userId)} = 0`);
      const [rows, [total]] = await Promise.all([
        db.select(readerColumns(caller.userId)).from(announcements).where(where).orderBy(desc(announcements.sendTime), desc(announcements.id)).limit(limit),
        db.select({ n: count() }).from(announcements).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** One page of the reader's announcements, newest first. */
    async page(caller: TenantCaller, filters: { titile?: string; readFlag?: number; category?: string }, limit: number, offset: number): Promise<{ rows: ReaderRow[]; total: number }> {
      const where = and(
        readable(caller),
        filters.category ? eq(announcements.msgCategory, filters.category) : undefined,
        filters.titile ? ilike(announcements.titile, `%${escapeLike(filters.titile)}%`) : undefined,
        filters.readFlag === undefined ? undefined : sql`${readFlagOf(caller.userId)} = ${filters.readFlag}`,
      );
      const [rows, [total]] = await Promise.all([
        db.select(readerColumns(caller.userId)).from(announcements).where(where).orderBy(desc(announcements.sendTime), desc(announcements.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(announcements).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** One announcement the reader may read, or null. */
    async readableOne(caller: TenantCaller, id: string): Promise<ReaderRow | null> {
      const [row] = await db.select(readerColumns(caller.userId)).from(announcements).where(and(eq(announcements.id, id), readable(caller))).limit(1);
      return row ?? null;
    },

    /** Marks one read for the reader (a send row for an ALL announcement is made on first reading). */
    async markRead(anntId: string, userId: string, at: Date): Promise<void> {
      await db
        .insert(announcementSends)
        .values({ id: newId(), anntId, userId, readFlag: 1, readTime: at })
        .onConflictDoUpdate({ target: [announcementSends.anntId, announcementSends.userId], set: { readFlag: 1, readTime: at }, setWhere: eq(announcementSends.readFlag, 0) });
    },

    /** Marks everything the reader may read as read; the ids that were unread. */
    async markAllRead(caller: TenantCaller, at: Date): Promise<string[]> {
      const unread = await db.select({ id: announcements.id }).from(announcements).where(and(readable(caller), sql`${readFlagOf(caller.userId)} = 0`));
      const ids = unread.map((r) => r.id);
      if (ids.length === 0) return [];
      await db
        .insert(announcementSends)
        .values(ids.map((anntId) => ({ id: newId(), anntId, userId: caller.userId, readFlag: 1, readTime: at })))
        .onConflictDoUpdate({ target: [announcementSends.anntId, announcementSends.userId], set: { readFlag: 1, readTime: at } });
      return ids;
    },
  };
};

export type AnnouncementRepository = ReturnType<typeof createAnnouncementRepository>;

/** Only notices are the administrators' to manage; system messages are the platform's. */
export const noticesOf = (caller: TenantCaller): SQL => and(sql`${announcements.tenantId} in ${callerTenantIds(caller)}`, eq(announcements.msgCategory, AnnouncementCategory.Notice)) as SQL;
